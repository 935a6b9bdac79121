import type { JSONContent } from '@tiptap/core';
import { parseArticle, siteEmbed, youtubeId, type Block, type Inline } from '@redaktion/shared/content';
import { writeMarkdown, youtubeAddress } from './markdown-writer';

/**
 * Between an article's Markdown and the editor's document. Reading goes through the one parser every output uses
 * (`parseArticle`), so the editor shows what the page will show; writing goes from the same tree to Markdown. The
 * editor's document and the tree name the same things, so a body survives the trip: the round-trip test holds the
 * two to it over generated documents and the demo articles.
 */

export function markdownToDoc(markdown: string): JSONContent {
  return { type: 'doc', content: someBlocks(parseArticle(markdown)) };
}

export function docToMarkdown(doc: JSONContent): string {
  return writeMarkdown(nodesToBlocks(doc.content ?? []));
}

// ——— Markdown's tree → the editor's document

const paragraph = (content: JSONContent[] = []): JSONContent => ({ type: 'paragraph', ...(content.length && { content }) });

function blocksToNodes(blocks: Block[]): JSONContent[] {
  return blocks.map(blockToNode);
}

/** A container's blocks; ProseMirror needs at least one, an empty paragraph, which writes as nothing. */
const someBlocks = (blocks: Block[]) => (blocks.length ? blocksToNodes(blocks) : [paragraph()]);

function blockToNode(block: Block): JSONContent {
  switch (block.type) {
    case 'paragraph': return paragraph(inlinesToNodes(block.children));
    case 'heading': return { type: 'heading', attrs: { level: block.depth }, content: inlinesToNodes(block.children) };
    case 'list': return {
      type: block.ordered ? 'orderedList' : 'bulletList',
      ...(block.ordered && { attrs: { start: block.start ?? 1 } }),
      // An item begins with a paragraph in ProseMirror; one that begins otherwise gets an empty one first.
      content: block.items.map((item) => ({
        type: 'listItem',
        content: item[0]?.type === 'paragraph' ? blocksToNodes(item) : [paragraph(), ...blocksToNodes(item)],
      })),
    };
    case 'quote': return { type: 'blockquote', content: someBlocks(block.children) };
    case 'table': {
      // A table is as wide as its head (GFM pads a short row and drops cells beyond it); ProseMirror's are rectangular.
      const width = block.head.length;
      const row = (cells: Inline[][], type: 'tableHeader' | 'tableCell'): JSONContent => ({
        type: 'tableRow',
        content: Array.from({ length: width }, (_, i) => ({ type, content: [paragraph(inlinesToNodes(cells[i] ?? []))] })),
      });
      return {
        type: 'table',
        attrs: { align: block.align },
        content: [row(block.head, 'tableHeader'), ...block.rows.map((cells) => row(cells, 'tableCell'))],
      };
    }
    case 'figure': return {
      type: 'figure',
      attrs: { src: block.src, alt: block.alt, credit: block.credit },
      content: [{ type: 'figureCaption', content: inlinesToNodes(block.caption) }],
    };
    case 'factbox': return {
      type: 'factbox',
      content: [{ type: 'factboxTitle', content: inlinesToNodes(block.title) }, ...someBlocks(block.children)],
    };
    case 'youtube': return { type: 'embed', attrs: { url: youtubeAddress(block.videoId) } };
    case 'embed': return { type: 'embed', attrs: { url: block.path } };
  }
}

type MarkJson = { type: string; attrs?: Record<string, unknown> };

function inlinesToNodes(inlines: Inline[], marks: MarkJson[] = []): JSONContent[] {
  return inlines.flatMap((inline): JSONContent[] => {
    switch (inline.type) {
      case 'text':
        // A line break inside a paragraph is ProseMirror's hard break; the text around it stays text.
        return inline.value.split('\n').flatMap((line, index) => [
          ...(index > 0 ? [{ type: 'hardBreak', ...(marks.length && { marks }) }] : []),
          ...(line ? [{ type: 'text', text: line, ...(marks.length && { marks }) }] : []),
        ]);
      case 'strong': return inlinesToNodes(inline.children, [...marks, { type: 'bold' }]);
      case 'emphasis': return inlinesToNodes(inline.children, [...marks, { type: 'italic' }]);
      case 'link': return inlinesToNodes(inline.children, [...marks, { type: 'link', attrs: { href: inline.href } }]);
    }
  });
}

// ——— The editor's document → Markdown's tree

/** Empty paragraphs are what ProseMirror keeps to place the cursor; Markdown has none. */
const isEmptyParagraph = (node: JSONContent) => node.type === 'paragraph' && !node.content?.length;

function nodesToBlocks(nodes: JSONContent[]): Block[] {
  return nodes.filter((node) => !isEmptyParagraph(node)).flatMap(nodeToBlocks);
}

function nodeToBlocks(node: JSONContent): Block[] {
  const children = node.content ?? [];
  switch (node.type) {
    case 'paragraph': return [{ type: 'paragraph', children: nodesToInlines(children) }];
    case 'heading': return [{ type: 'heading', depth: node.attrs?.level === 3 ? 3 : 2, children: nodesToInlines(children) }];
    case 'bulletList':
    case 'orderedList': {
      const ordered = node.type === 'orderedList';
      return [{
        type: 'list', ordered, start: ordered ? Number(node.attrs?.start ?? 1) : null,
        items: children.map((item) => nodesToBlocks(item.content ?? [])),
      }];
    }
    case 'blockquote': return [{ type: 'quote', children: nodesToBlocks(children) }];
    case 'table': {
      const [head, ...rows] = children.map((row) => (row.content ?? []).map(cellInlines));
      const width = head?.length ?? 0;
      const align = (node.attrs?.align ?? []) as ('left' | 'right' | 'center' | null)[];
      return head ? [{ type: 'table', align: Array.from({ length: width }, (_, i) => align[i] ?? null), head, rows }] : [];
    }
    case 'figure': return [{
      type: 'figure', src: String(node.attrs?.src ?? ''), alt: String(node.attrs?.alt ?? ''),
      caption: nodesToInlines(children[0]?.content ?? []), credit: String(node.attrs?.credit ?? ''),
    }];
    case 'factbox': {
      const [title, ...body] = children;
      return [{ type: 'factbox', title: nodesToInlines(title?.content ?? []), children: nodesToBlocks(body) }];
    }
    case 'embed': {
      const url = String(node.attrs?.url ?? '');
      const videoId = youtubeId(url);
      if (videoId) return [{ type: 'youtube', videoId }];
      const site = siteEmbed(url);
      return site ? [{ type: 'embed', ...site, path: url }] : [];
    }
    default: return [];
  }
}

/** A cell's paragraphs are its lines. */
function cellInlines(cell: JSONContent): Inline[] {
  const lines = (cell.content ?? []).map((block) => block.content ?? []);
  return nodesToInlines(lines.flatMap((line, index) => (index > 0 ? [{ type: 'hardBreak' }, ...line] : line)));
}

/** One stretch of text with its marks, as ProseMirror holds inline content (flat, marks as sets). */
interface Run { text: string; marks: string[] }

const markKey = (mark: MarkJson): string | null =>
  mark.type === 'bold' ? 'strong' : mark.type === 'italic' ? 'emphasis' : mark.type === 'link' ? `link:${String(mark.attrs?.href ?? '')}` : null;

function nodesToInlines(nodes: JSONContent[]): Inline[] {
  const runs = nodes.map((node): Run => ({
    text: node.type === 'hardBreak' ? '\n' : node.text ?? '',
    marks: (node.marks ?? []).map(markKey).filter((key): key is string => key !== null),
  }));
  return nest(runs);
}

/**
 * Flat runs back into nested emphasis, strong and links: at each point the mark that lasts longest from there is the
 * outermost, so `**a *b* c**` comes back as it was written rather than as three strong pieces.
 */
function nest(runs: Run[]): Inline[] {
  const out: Inline[] = [];
  let index = 0;
  while (index < runs.length) {
    const { text, marks } = runs[index]!;
    if (marks.length === 0) {
      const last = out[out.length - 1];
      if (last?.type === 'text') last.value += text;
      else if (text) out.push({ type: 'text', value: text });
      index += 1;
      continue;
    }
    let outer = marks[0]!;
    let end = index + 1;
    for (const mark of marks) {
      let reach = index;
      while (reach < runs.length && runs[reach]!.marks.includes(mark)) reach += 1;
      if (reach > end) [outer, end] = [mark, reach];
    }
    const children = nest(runs.slice(index, end).map((run) => ({ text: run.text, marks: run.marks.filter((mark) => mark !== outer) })));
    out.push(outer.startsWith('link:') ? { type: 'link', href: outer.slice('link:'.length), children }
      : { type: outer as 'strong' | 'emphasis', children });
    index = end;
  }
  return out;
}
