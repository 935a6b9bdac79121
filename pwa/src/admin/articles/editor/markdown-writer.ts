import type { BlockContent, ListItem, PhrasingContent, Root, RootContent, TableRow } from 'mdast';
import { toMarkdown, type ConstructName, type Handle, type Options } from 'mdast-util-to-markdown';
import { directiveToMarkdown } from 'mdast-util-directive';
import { gfmTableToMarkdown } from 'mdast-util-gfm-table';
import { gfmAutolinkLiteralToMarkdown } from 'mdast-util-gfm-autolink-literal';
import { siteEmbed, type Block, type Inline } from '@redaktion/shared/content';

/**
 * Writes an article's tree as the Markdown of contract §9, through mdast and its kept writer (mdast-util-to-markdown
 * with the directive and GFM extensions), which escapes whatever text would otherwise read as syntax: "1994. Då"
 * stays a sentence, "*" and "#" stay characters. What reads back is the same tree.
 */

const directives = directiveToMarkdown();
const autolinks = gfmAutolinkLiteralToMarkdown();
const LABELS: ConstructName[] = ['leafDirectiveLabel', 'containerDirectiveLabel'];

/**
 * mdast-util-directive writes a label (a figure's caption, a fact box's title) outside the "phrasing" construct, so
 * the writer would leave a `*`, `_`, `<` or `&` of the caption unescaped and it would read back as markup: the label
 * is written as phrasing here, as a paragraph is.
 */
function labelAsPhrasing(handle: Handle): Handle {
  return (node, parent, state, info) => {
    const enter = state.enter;
    state.enter = (name) => {
      const exit = enter(name);
      if (!LABELS.includes(name)) return exit;
      const exitPhrasing = enter('phrasing');
      return () => {
        exitPhrasing();
        exit();
      };
    };
    try {
      return handle(node, parent, state, info);
    } finally {
      state.enter = enter;
    }
  };
}

const OPTIONS: Options = {
  bullet: '-',
  emphasis: '*',
  strong: '*',
  listItemIndent: 'one',
  // Always `[text](url)`: an address written `<…>` alone in its paragraph would read back as an embed.
  resourceLink: true,
  extensions: [
    {
      ...directives,
      // Only the two block directives are read (a text directive would take the ":e" of "3:e maj"), so a colon inside
      // a sentence needs no escape; one at the start of a line still does.
      unsafe: directives.unsafe?.filter((pattern) => !(pattern.character === ':' && pattern.inConstruct)),
      handlers: { leafDirective: labelAsPhrasing(directives.handlers!.leafDirective!), containerDirective: labelAsPhrasing(directives.handlers!.containerDirective!) },
    },
    gfmTableToMarkdown(),
    autolinks,
    // A bare address inside a directive's label is read as a link, unlike one inside a link's text: escape it there too.
    { unsafe: autolinks.unsafe?.map((pattern) => ({ ...pattern, inConstruct: LABELS, notInConstruct: ['autolink', 'link', 'image'] })) },
  ],
};

/** The body's Markdown, without the final line break (the API stores `content` trimmed, and so it reads back equal). */
export function writeMarkdown(blocks: Block[]): string {
  const root: Root = { type: 'root', children: blocks.map(toMdast) };
  return toMarkdown(root, OPTIONS).replace(/\n+$/, '');
}

/** The address a YouTube embed is written as (the parser knows it by its id alone). */
export const youtubeAddress = (videoId: string) => `https://www.youtube.com/watch?v=${videoId}`;

/**
 * Text written as it is: an embed's address, which must stand alone in its paragraph exactly as typed. mdast's raw
 * node does that (the writer copies its value); only addresses that match the embed patterns (a YouTube id, a path
 * of digits, letters and dashes) reach it.
 */
const verbatim = (value: string): PhrasingContent => ({ type: 'html', value });

function toMdast(block: Block): RootContent {
  switch (block.type) {
    case 'paragraph': {
      // A path of the site alone in its paragraph would embed; as text it is escaped, which the reader keeps as text.
      const [only, ...others] = block.children;
      if (only?.type === 'text' && others.length === 0 && siteEmbed(only.value.trim())) {
        return { type: 'paragraph', children: [verbatim(`\\${only.value.trim()}`)] };
      }
      return { type: 'paragraph', children: phrasing(block.children) };
    }
    case 'heading': return { type: 'heading', depth: block.depth, children: phrasing(block.children) };
    case 'list': return {
      type: 'list', ordered: block.ordered, start: block.start, spread: false,
      // An item of several blocks keeps blank lines between them: without, a table or a paragraph after a quote would
      // continue the quote (a lazy line), and the list still reads as one.
      children: block.items.map((item): ListItem => ({ type: 'listItem', spread: item.length > 1, children: item.map(toMdast) as BlockContent[] })),
    };
    case 'quote': return { type: 'blockquote', children: block.children.map(toMdast) as BlockContent[] };
    case 'table': {
      const row = (cells: Inline[][]): TableRow => ({ type: 'tableRow', children: cells.map((cell) => ({ type: 'tableCell', children: phrasing(cell) })) });
      return { type: 'table', align: block.align, children: [row(block.head), ...block.rows.map(row)] };
    }
    case 'figure': return {
      type: 'leafDirective', name: 'figure', children: phrasing(block.caption),
      attributes: { src: block.src, alt: block.alt, ...(block.credit && { credit: block.credit }) },
    };
    case 'factbox': return {
      type: 'containerDirective', name: 'factbox',
      children: [
        ...(block.title.length ? [{ type: 'paragraph' as const, data: { directiveLabel: true }, children: phrasing(block.title) }] : []),
        ...block.children.map(toMdast) as BlockContent[],
      ],
    };
    case 'youtube': return { type: 'paragraph', children: [verbatim(youtubeAddress(block.videoId))] };
    case 'embed': return { type: 'paragraph', children: [verbatim(block.path)] };
  }
}

function phrasing(inlines: Inline[]): PhrasingContent[] {
  return inlines.map((inline): PhrasingContent => {
    switch (inline.type) {
      case 'text': return { type: 'text', value: inline.value };
      case 'strong':
      case 'emphasis': return { type: inline.type, children: phrasing(inline.children) };
      case 'link': return { type: 'link', url: inline.href, children: phrasing(inline.children) };
    }
  });
}
