import type { Block, Inline } from './tree.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface HtmlOptions {
  /** Site paths become absolute on this origin: a feed reader or a mail client has no page to resolve them against. */
  origin: string;
}

/**
 * The body as escaped HTML, for the feeds and e-mail (contract §9): the same tree as the page, with every embed as a
 * link, since neither a feed reader nor a mail client plays the site's cards or frames.
 */
export function bodyToHtml(body: Block[], { origin }: HtmlOptions): string {
  const absolute = (path: string) => (path.startsWith('/') ? origin + path : path);
  const inlines = (nodes: Inline[]): string => nodes.map((node) => {
    switch (node.type) {
      case 'text': return escape(node.value).replace(/\n/g, '<br>');
      case 'emphasis': return `<em>${inlines(node.children)}</em>`;
      case 'strong': return `<strong>${inlines(node.children)}</strong>`;
      case 'link': return `<a href="${escape(absolute(node.href))}">${inlines(node.children)}</a>`;
    }
  }).join('');
  const link = (href: string, text: string) => `<p><a href="${escape(href)}">${escape(text)}</a></p>`;
  const cell = (tag: 'th' | 'td', align: string | null, content: Inline[]) =>
    `<${tag}${align ? ` style="text-align:${align}"` : ''}>${inlines(content)}</${tag}>`;
  const blocks = (nodes: Block[]): string => nodes.map((node) => {
    switch (node.type) {
      case 'paragraph': return `<p>${inlines(node.children)}</p>`;
      case 'heading': return `<h${node.depth}>${inlines(node.children)}</h${node.depth}>`;
      case 'list': {
        const tag = node.ordered ? 'ol' : 'ul';
        const start = node.ordered && node.start !== null && node.start !== 1 ? ` start="${node.start}"` : '';
        return `<${tag}${start}>${node.items.map((item) => `<li>${blocks(item)}</li>`).join('')}</${tag}>`;
      }
      case 'quote': return `<blockquote>${blocks(node.children)}</blockquote>`;
      case 'table': return `<table><thead><tr>${node.head.map((content, i) => cell('th', node.align[i] ?? null, content)).join('')}</tr></thead>`
        + `<tbody>${node.rows.map((row) => `<tr>${row.map((content, i) => cell('td', node.align[i] ?? null, content)).join('')}</tr>`).join('')}</tbody></table>`;
      case 'figure': {
        const caption = [inlines(node.caption), escape(node.credit)].filter(Boolean).join(' ');
        return `<figure><img src="${escape(absolute(node.src))}" alt="${escape(node.alt)}">${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`;
      }
      case 'factbox': return `<aside><h3>${inlines(node.title)}</h3>${blocks(node.children)}</aside>`;
      case 'youtube': {
        const url = `https://www.youtube.com/watch?v=${node.videoId}`;
        return link(url, url);
      }
      case 'embed': return link(absolute(node.path), node.card?.title ?? absolute(node.path));
    }
  }).join('\n');
  return blocks(body);
}
