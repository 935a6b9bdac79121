// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArticle, type Block, type Inline } from '@redaktion/shared/content';
import { docToMarkdown, markdownToDoc } from './convert';
import { writeMarkdown } from './markdown-writer';
import { bodyExtensions } from './schema';

/**
 * Contract §9's round trip: Markdown → the editor → Markdown reads back as the same body, and what the editor writes
 * is a fixed point. "The same" is what the page shows: inline marks compare as marked stretches of text (`***a***`
 * is emphasis in strong or strong in emphasis, the same words in bold italics), and a table as wide as its head
 * (GFM pads a short row; ProseMirror's tables are rectangular).
 */

// One editor reads every document, as the form's editor reads an article and then another.
let editor: Editor;
beforeAll(() => { editor = new Editor({ extensions: bodyExtensions }); });
afterAll(() => editor.destroy());

/** The Markdown the editor writes after it has read `markdown` (its plugins' fixes, such as rectangular tables, run). */
function throughEditor(markdown: string): string {
  editor.commands.setContent(markdownToDoc(markdown));
  return docToMarkdown(editor.getJSON());
}

type Run = { text: string; strong: boolean; emphasis: boolean; href: string | null };

function runs(inlines: Inline[], marks: Omit<Run, 'text'> = { strong: false, emphasis: false, href: null }, into: Run[] = []): Run[] {
  for (const inline of inlines) {
    if (inline.type === 'text') {
      const last = into[into.length - 1];
      if (last && last.strong === marks.strong && last.emphasis === marks.emphasis && last.href === marks.href) last.text += inline.value;
      else if (inline.value) into.push({ text: inline.value, ...marks });
    } else if (inline.type === 'link') runs(inline.children, { ...marks, href: inline.href }, into);
    else runs(inline.children, { ...marks, [inline.type]: true }, into);
  }
  return into;
}

/** A body as the reader sees it. */
function seen(blocks: Block[]): unknown[] {
  return blocks.map((block) => {
    switch (block.type) {
      case 'paragraph':
      case 'heading': return { ...block, children: runs(block.children) };
      case 'list': return { ...block, items: block.items.map(seen) };
      case 'quote': return { ...block, children: seen(block.children) };
      case 'table': return {
        ...block, head: block.head.map((cell) => runs(cell)),
        rows: block.rows.map((row) => block.head.map((_, i) => runs(row[i] ?? []))),
      };
      case 'figure': return { ...block, caption: runs(block.caption) };
      case 'factbox': return { ...block, title: runs(block.title), children: seen(block.children) };
      default: return block;
    }
  });
}

function expectRoundTrip(markdown: string) {
  const written = throughEditor(markdown);
  expect(seen(parseArticle(written)), written).toEqual(seen(parseArticle(markdown)));
  expect(throughEditor(written)).toBe(written);
}

// ——— Generated documents of the subset

const WORDS = [
  'Riksdagen', 'röstar', 'om', 'budgeten', 'på', 'S:t', 'Eriksplan', '3:e', 'maj', '1994.', 'Då', 'kl.', '10:30', '–', 'så',
  '*', '**', '_', '#', '##', '>', '-', '+', '1.', '2)', '[', ']', '(', ')', '!', '`', '<b>', '&amp;', '\\', '|', ':', '::', ':::',
  '~', '=', 'https://www.val.se', 'www.scb.se', 'info@val.se', '/podcast/2', 'https://youtu.be/dQw4w9WgXcQ', '{', '}', '"',
];
const text = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 })
  .chain((words) => fc.array(fc.constantFrom(' ', ' ', ' ', '\n', '  '), { minLength: words.length, maxLength: words.length })
    .map((gaps) => words.map((word, i) => (i ? gaps[i] : '') + word).join('')));
const href = fc.constantFrom('https://www.val.se', 'https://example.com/a_(b)?q=1&r=*', 'mailto:red@example.se', '/article/12', '/news?category=politics', 'http://x.se/"quoted"');

const { inlines } = fc.letrec<{ inline: Inline; inlines: Inline[] }>((tie) => ({
  inline: fc.oneof(
    { maxDepth: 2, withCrossShrink: true },
    text.map((value): Inline => ({ type: 'text', value })),
    fc.record({ type: fc.constantFrom('strong' as const, 'emphasis' as const), children: tie('inlines') }),
    fc.record({ type: fc.constant('link' as const), href, children: tie('inlines') }),
  ),
  inlines: fc.array(tie('inline'), { minLength: 1, maxLength: 3 }).map((nodes) => withoutRepeatedNesting(nodes)),
}));

/**
 * What nesting the editor keeps: a link inside a link is not Markdown (the inner one gives its text), and a mark inside
 * the same mark (strong in strong) is one mark in the editor. Kept apart, such a pair splits the text where the parser
 * looks for bare addresses: "info@val.se" and "1994." apart are no address, merged they are one.
 */
function withoutRepeatedNesting(nodes: Inline[], inside: ReadonlySet<Inline['type']> = new Set()): Inline[] {
  return nodes.flatMap((node): Inline[] => {
    if (node.type === 'text') return [node];
    if (inside.has(node.type)) return withoutRepeatedNesting(node.children, inside);
    return [{ ...node, children: withoutRepeatedNesting(node.children, new Set([...inside, node.type])) }];
  });
}

const src = fc.constantFrom('/uploads/demo/figure-valvaka.svg', '/uploads/2026/03/riksdag.jpg', '/uploads/a b.png');
const plain = fc.array(fc.constantFrom('Valvakan', 'i', 'riksdagen', '"citat"', 'Foto:', 'Anna', '[x]', '}', '\\'), { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));

const { blocks } = fc.letrec<{ block: Block; blocks: Block[]; leaf: Block }>((tie) => ({
  leaf: fc.oneof(
    inlines.map((children): Block => ({ type: 'paragraph', children })),
    fc.record({ type: fc.constant('heading' as const), depth: fc.constantFrom(2 as const, 3 as const), children: inlines }),
    fc.integer({ min: 1, max: 3 }).chain((width) => fc.record({
      type: fc.constant('table' as const),
      align: fc.array(fc.constantFrom('left' as const, 'right' as const, 'center' as const, null), { minLength: width, maxLength: width }),
      head: fc.array(inlines, { minLength: width, maxLength: width }),
      rows: fc.array(fc.array(inlines, { minLength: width, maxLength: width }), { maxLength: 2 }),
    })),
    fc.record({ type: fc.constant('figure' as const), src, alt: plain, caption: fc.oneof(inlines, fc.constant<Inline[]>([])), credit: fc.oneof(plain, fc.constant('')) }),
    fc.constantFrom('dQw4w9WgXcQ', 'a-b_c123456').map((videoId): Block => ({ type: 'youtube', videoId })),
    fc.constantFrom('/podcast/2', '/article/14', '/watch/valvaka-2026', '/people/3')
      .map((path): Block => ({ type: 'embed', kind: 'podcast', ref: '', path })),
  ),
  block: fc.oneof(
    { maxDepth: 3, withCrossShrink: true },
    tie('leaf'),
    fc.record({
      type: fc.constant('list' as const), ordered: fc.boolean(), start: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 1994 })),
      items: fc.array(tie('blocks'), { minLength: 1, maxLength: 2 }),
    }).map((list): Block => ({ ...list, start: list.ordered ? list.start ?? 1 : null })),
    fc.record({ type: fc.constant('quote' as const), children: tie('blocks') }),
    fc.record({ type: fc.constant('factbox' as const), title: fc.oneof(inlines, fc.constant<Inline[]>([])), children: tie('blocks') }),
  ),
  blocks: fc.array(tie('block'), { minLength: 1, maxLength: 3 }),
}));

/** Markdown as people type it, in pieces: what the parser makes of a random mix is a document of the subset too. */
const typed = fc.array(fc.constantFrom(
  '## ', '### ', '# ', '#### ', '- ', '* ', '1. ', '3) ', '> ', '**', '*', '_', '[källan](https://www.val.se)', '<https://scb.se>',
  '\n', '\n\n', '  \n', ':::factbox[Fakta]\n', '\n:::\n', '::figure[Bild]{src="/uploads/a.jpg" alt="En bild" credit="Foto: A"}\n',
  '| a | b |\n|:--|--:|\n| 1 | 2 |\n', 'https://youtu.be/dQw4w9WgXcQ', '/podcast/2', '\\/people/3', 'Riksdagen', 'röstar', '3:e maj', '1994. Då',
  '![Alt](/uploads/b.jpg "Rubrik")', '`kod`', '<em>html</em>', '---\n', '    indrag\n', 'S:t Eriksplan', '[ref]', '\n[ref]: https://x.se\n',
), { maxLength: 24 }).map((pieces) => pieces.join(''));

describe('the editor\'s Markdown round trip', () => {
  it('keeps every generated document of the subset, and its own output is a fixed point', () => {
    fc.assert(fc.property(blocks, (body) => expectRoundTrip(writeMarkdown(body))), { numRuns: 200 });
  }, 60_000);

  it('keeps what the parser makes of Markdown typed by hand, in any mix', () => {
    fc.assert(fc.property(typed, expectRoundTrip), { numRuns: 500 });
  }, 60_000);

  it('keeps every demo article', () => {
    // The seed's articles, read as data: the admin module itself imports nothing outside its folder.
    const modules = import.meta.glob<{ [name: string]: { content: string }[] }>('/api/src/seed/content/articles-*.ts', { eager: true });
    const contents = Object.values(modules).flatMap((module) => Object.values(module).flat().map((article) => article.content));
    expect(contents.length).toBeGreaterThan(10);
    for (const content of contents) expectRoundTrip(content);
  });

  it('writes what the reader would read as text so that it stays text', () => {
    const body: Block[] = [
      { type: 'paragraph', children: [{ type: 'text', value: '1994. Då kom valet, 3:e maj på S:t Eriksplan.' }] },
      { type: 'paragraph', children: [{ type: 'text', value: '/podcast/2' }] },
      { type: 'paragraph', children: [{ type: 'text', value: '- inte en lista, # inte en rubrik' }] },
    ];
    const markdown = writeMarkdown(body);
    expect(markdown).toBe('1994\\. Då kom valet, 3:e maj på S:t Eriksplan.\n\n\\/podcast/2\n\n\\- inte en lista, # inte en rubrik');
    expect(parseArticle(markdown)).toEqual(body);
  });
});
