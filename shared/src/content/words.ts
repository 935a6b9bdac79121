import type { Block, Inline } from './tree.js';

/**
 * The body's words, without any Markdown syntax: what search indexes and what stands in where only text fits (an
 * excerpt, a read time). Blocks are separated by blank lines.
 */
export function bodyToText(body: Block[]): string {
  const inlines = (nodes: Inline[]): string => nodes.map((node) => (node.type === 'text' ? node.value : inlines(node.children))).join('');
  const blocks = (nodes: Block[]): string[] => nodes.flatMap((node): string[] => {
    switch (node.type) {
      case 'paragraph':
      case 'heading': return [inlines(node.children)];
      case 'list': return node.items.flatMap(blocks);
      case 'quote': return blocks(node.children);
      case 'table': return [node.head, ...node.rows].map((row) => row.map(inlines).join(' '));
      case 'figure': return [[inlines(node.caption), node.credit].filter(Boolean).join(' ')].filter(Boolean);
      case 'factbox': return [inlines(node.title), ...blocks(node.children)].filter(Boolean);
      case 'youtube': return [];
      case 'embed': return node.card ? [node.card.title] : [];
    }
  });
  return blocks(body).join('\n\n');
}

/**
 * The start of some words, at most `max` characters, cut at a word and ended with "…": what names an entry that has no
 * title (in an alert, a list of key events, structured data).
 */
export function firstWords(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  // At the last space, unless that leaves less than half: then inside the word.
  const space = cut.lastIndexOf(' ');
  return `${cut.slice(0, space >= max / 2 ? space : cut.length).trimEnd()}…`;
}
