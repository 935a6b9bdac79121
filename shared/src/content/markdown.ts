import type { Nodes, Paragraph, PhrasingContent, Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { directive } from 'micromark-extension-directive';
import { directiveFromMarkdown } from 'mdast-util-directive';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { allowedHref, allowedImage } from './links.js';
import type { Block, EmbedKind, Inline } from './tree.js';

// Only the block directives: a text directive would take the ":e" of "3:e maj" and the ":t" of "S:t Eriksplan".
const { flow: directiveBlocks } = directive();
const OPTIONS = {
  extensions: [{ flow: directiveBlocks! }, gfmTable(), gfmAutolinkLiteral()],
  mdastExtensions: [directiveFromMarkdown(), gfmTableFromMarkdown(), gfmAutolinkLiteralFromMarkdown()],
};

/** The 11-character id of a YouTube video address (watch, youtu.be and embed forms), else null. */
export function youtubeId(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol)) return null;
  const host = url.hostname.replace(/^(www|m)\./, '');
  const id = host === 'youtu.be' ? url.pathname.slice(1)
    : host === 'youtube.com' && url.pathname === '/watch' ? url.searchParams.get('v')
    : (host === 'youtube.com' || host === 'youtube-nocookie.com') && url.pathname.startsWith('/embed/') ? url.pathname.slice('/embed/'.length)
    : null;
  return id && /^[\w-]{11}$/.test(id) ? id : null;
}

const SITE_EMBEDS: [EmbedKind, RegExp][] = [
  ['podcast', /^\/podcast\/(\d{1,9})$/],
  ['article', /^\/article\/(\d{1,9})$/],
  ['watch', /^\/watch\/([\w-]{1,100})$/],
  ['people', /^\/people\/(\d{1,9})$/],
];

/** A path of the site's own that embeds as a card, or null. */
export function siteEmbed(path: string): { kind: EmbedKind; ref: string } | null {
  for (const [kind, pattern] of SITE_EMBEDS) {
    const match = pattern.exec(path);
    if (match) return { kind, ref: match[1]! };
  }
  return null;
}

/** Parses an article's Markdown (contract §9) into the body every output renders. */
export function parseArticle(markdown: string): Block[] {
  const source = markdown.replace(/\r\n?/g, '\n');
  const root = fromMarkdown(source, OPTIONS) as Root;
  const definitions = new Map<string, string>();
  visitDefinitions(root, definitions);
  return new Reader(source, definitions).blocks(root.children);
}

function visitDefinitions(node: Nodes, into: Map<string, string>) {
  if (node.type === 'definition') into.set(node.identifier, node.url);
  if ('children' in node) for (const child of node.children) visitDefinitions(child as Nodes, into);
}

class Reader {
  constructor(private readonly source: string, private readonly definitions: Map<string, string>) {}

  /** What a construct outside the format looked like as typed: it is shown as that text. */
  private literal(node: Nodes): string {
    const { start, end } = node.position ?? {};
    return start?.offset !== undefined && end?.offset !== undefined ? this.source.slice(start.offset, end.offset) : '';
  }

  blocks(nodes: RootContent[]): Block[] {
    return nodes.flatMap((node) => this.block(node));
  }

  private block(node: RootContent): Block[] {
    switch (node.type) {
      case 'paragraph':
        return [this.paragraph(node)].filter((block): block is Block => block !== null);
      case 'heading':
        return [{ type: 'heading', depth: node.depth <= 2 ? 2 : 3, children: this.inlines(node.children) }];
      case 'list':
        return [{
          type: 'list',
          ordered: Boolean(node.ordered),
          start: node.ordered ? node.start ?? 1 : null,
          items: node.children.map((item) => this.blocks(item.children)),
        }];
      case 'blockquote':
        return [{ type: 'quote', children: this.blocks(node.children) }];
      case 'table': {
        const [head, ...rows] = node.children;
        return [{
          type: 'table',
          align: (node.align ?? []).map((align) => align ?? null),
          head: (head?.children ?? []).map((cell) => this.inlines(cell.children)),
          rows: rows.map((row) => row.children.map((cell) => this.inlines(cell.children))),
        }];
      }
      case 'leafDirective':
        if (node.name === 'figure') {
          const src = node.attributes?.src ?? '';
          if (!allowedImage(src)) return [];
          return [{ type: 'figure', src, alt: node.attributes?.alt ?? '', caption: this.inlines(node.children), credit: node.attributes?.credit ?? '' }];
        }
        return [this.text(node)];
      case 'containerDirective': {
        if (node.name !== 'factbox') return [this.text(node)];
        const [first, ...rest] = node.children;
        const labelled = first?.type === 'paragraph' && first.data?.directiveLabel;
        return [{
          type: 'factbox',
          title: labelled ? this.inlines(first.children) : [],
          children: this.blocks(labelled ? rest : node.children),
        }];
      }
      case 'definition':
        return [];
      default:
        // Code, raw HTML, rules and anything else the format does not name: the text as typed.
        return [this.text(node)];
    }
  }

  private text(node: Nodes): Block {
    return { type: 'paragraph', children: [{ type: 'text', value: node.type === 'html' ? node.value : this.literal(node) }] };
  }

  private paragraph(node: Paragraph): Block | null {
    const [only, ...others] = node.children;
    if (only && others.length === 0) {
      // A picture alone in its paragraph is a figure (without a credit); one from outside the store is no picture.
      if (only.type === 'image') {
        return allowedImage(only.url) ? { type: 'figure', src: only.url, alt: only.alt ?? '', caption: only.title ? [{ type: 'text', value: only.title }] : [], credit: '' } : null;
      }
      // Only an address typed as it is embeds: an escaped one ("\/podcast/3") or a link with its own text stays text.
      const typed = this.literal(only).trim().replace(/^<(.*)>$/, '$1');
      const address = only.type === 'text' && typed === only.value.trim() ? typed
        : only.type === 'link' && only.children.length === 1 && only.children[0]!.type === 'text' && typed === only.children[0]!.value ? only.url
        : null;
      if (address) {
        const videoId = youtubeId(address);
        if (videoId) return { type: 'youtube', videoId };
        const embed = siteEmbed(address);
        if (embed) return { type: 'embed', ...embed, path: address };
      }
    }
    return { type: 'paragraph', children: this.inlines(node.children) };
  }

  inlines(nodes: PhrasingContent[]): Inline[] {
    const out: Inline[] = [];
    const push = (inline: Inline) => {
      const last = out[out.length - 1];
      if (inline.type === 'text' && last?.type === 'text') last.value += inline.value;
      else out.push(inline);
    };
    for (const node of nodes) {
      switch (node.type) {
        case 'text':
          push({ type: 'text', value: node.value });
          break;
        case 'emphasis':
        case 'strong':
          push({ type: node.type, children: this.inlines(node.children) });
          break;
        case 'link':
          this.link(node.url, node.children, push);
          break;
        case 'linkReference': {
          const href = this.definitions.get(node.identifier);
          if (href === undefined) push({ type: 'text', value: this.literal(node) });
          else this.link(href, node.children, push);
          break;
        }
        case 'break':
          push({ type: 'text', value: '\n' });
          break;
        case 'html':
          push({ type: 'text', value: node.value });
          break;
        case 'image':
        case 'imageReference':
          // A picture inside a sentence is not part of the format: its description stands in for it.
          push({ type: 'text', value: node.alt ?? '' });
          break;
        default:
          push({ type: 'text', value: this.literal(node) });
      }
    }
    return out;
  }

  private link(href: string, children: PhrasingContent[], push: (inline: Inline) => void) {
    const inner = this.inlines(children);
    if (allowedHref(href)) push({ type: 'link', href, children: inner });
    else for (const child of inner) push(child);
  }
}
