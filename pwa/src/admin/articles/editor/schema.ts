import { getSchema, mergeAttributes, Node, type Extensions } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import Heading from '@tiptap/extension-heading';
import { allowedHref, allowedImage, siteEmbed, youtubeId } from '@redaktion/shared/content';

/**
 * The editor's document model: exactly the blocks and marks of contract §9, so that whatever is pasted or typed can
 * only become what the Markdown can say. Everything else (colours, fonts, underline, images from elsewhere, code)
 * has no node or mark here, and ProseMirror keeps only its text. These definitions hold no views: the conversions
 * and their tests use the same schema without a page.
 */

/** An address that a paragraph of its own turns into an embed (contract §9): a YouTube video or a path of the site. */
export const embeddable = (address: string): boolean => youtubeId(address) !== null || siteEmbed(address) !== null;

/**
 * The address a pasted text embeds as, or null: a YouTube address as it is, a page of the site as its path (a full
 * address of the site too, as an editor copies it from the browser).
 */
export function embedAddress(pasted: string, siteUrl: string): string | null {
  const text = pasted.trim();
  if (/\s/.test(text) || !text) return null;
  if (youtubeId(text)) return text;
  let url: URL;
  try {
    url = new URL(text, siteUrl);
  } catch {
    return null;
  }
  const path = url.pathname;
  const sameSite = url.origin === new URL(siteUrl).origin && !url.search && !url.hash;
  return sameSite && siteEmbed(path) && (text === path || text === url.href) ? path : null;
}

/** `#` reads as a subheading and `####`–`######` as a minor one, as the page renders them; pasted documents keep theirs. */
const Subheading = Heading.extend({
  parseHTML() {
    return [1, 2, 3, 4, 5, 6].map((level) => ({ tag: `h${level}`, attrs: { level: level <= 2 ? 2 : 3 } }));
  },
}).configure({ levels: [2, 3] });

/** A table keeps its columns' alignment (GFM's `:--`), which the editor shows but does not edit. */
const AlignedTable = Table.extend({
  addAttributes() {
    return { ...this.parent?.(), align: { default: [], rendered: false } };
  },
});

/** A cell holds text only (a table row is one line of Markdown); its paragraphs are lines of the cell. */
const cellContent = { content: 'paragraph+' };

/** The caption under a figure: text with emphasis and links, edited in place. */
export const FigureCaption = Node.create({
  name: 'figureCaption',
  content: 'inline*',
  defining: true,
  parseHTML: () => [{ tag: 'figcaption', context: 'figure/' }],
  renderHTML: ({ HTMLAttributes }) => ['figcaption', HTMLAttributes, 0],
});

/** `::figure[Caption]{src alt credit}`: a picture of the site's store with its description and credit. */
export const Figure = Node.create({
  name: 'figure',
  group: 'block',
  content: 'figureCaption',
  isolating: true,
  draggable: true,
  selectable: true,
  addAttributes: () => ({
    src: { default: '', rendered: false },
    alt: { default: '', rendered: false },
    credit: { default: '', rendered: false },
  }),
  // Only a figure copied inside the editor pastes as one: a picture from elsewhere is not a file of the store.
  parseHTML: () => [{
    tag: 'figure[data-src]',
    contentElement: 'div',
    getAttrs: (element) => {
      const src = element.getAttribute('data-src') ?? '';
      return allowedImage(src) ? { src, alt: element.getAttribute('data-alt') ?? '', credit: element.getAttribute('data-credit') ?? '' } : false;
    },
  }],
  renderHTML: ({ node }) => [
    'figure', { 'data-src': node.attrs.src, 'data-alt': node.attrs.alt, 'data-credit': node.attrs.credit },
    ['img', { src: node.attrs.src, alt: node.attrs.alt }],
    ['div', 0],
  ],
});

/** The heading of a fact box: its first line, always there, maybe empty. */
export const FactboxTitle = Node.create({
  name: 'factboxTitle',
  content: 'inline*',
  defining: true,
  parseHTML: () => [{ tag: 'div.factbox-title', context: 'factbox/' }],
  renderHTML: ({ HTMLAttributes }) => ['div', mergeAttributes(HTMLAttributes, { class: 'factbox-title' }), 0],
});

/** `:::factbox[Title]` … `:::`: an aside with a title and blocks of its own. */
export const Factbox = Node.create({
  name: 'factbox',
  group: 'block',
  content: 'factboxTitle block+',
  isolating: true,
  defining: true,
  parseHTML: () => [{ tag: 'aside.factbox' }],
  renderHTML: () => ['aside', { class: 'factbox' }, 0],
});

/** A paragraph that is only an address of a known kind: a YouTube video or an episode, article, video or person. */
export const Embed = Node.create({
  name: 'embed',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes: () => ({ url: { default: '', rendered: false } }),
  parseHTML: () => [{
    tag: 'div[data-embed]',
    getAttrs: (element) => {
      const url = element.getAttribute('data-embed') ?? '';
      return embeddable(url) ? { url } : false;
    },
  }],
  renderHTML: ({ node }) => ['div', { 'data-embed': node.attrs.url }, node.attrs.url],
});

/** The extensions that make the schema; the editor adds its views and keys to these (views.tsx). */
export const bodyExtensions: Extensions = [
  StarterKit.configure({
    heading: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    link: {
      openOnClick: false,
      // Only typed web addresses become links as one types; "t.ex." or "S:t" stay words.
      autolink: true,
      shouldAutoLink: (url) => /^https?:\/\//i.test(url),
      isAllowedUri: (url) => allowedHref(url),
      defaultProtocol: 'https',
    },
  }),
  Subheading,
  AlignedTable.configure({ resizable: false }),
  TableRow,
  TableHeader.extend(cellContent),
  TableCell.extend(cellContent),
  Figure,
  FigureCaption,
  Factbox,
  FactboxTitle,
  Embed,
];

export const bodySchema = getSchema(bodyExtensions);
