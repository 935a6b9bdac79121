import { parseArticle } from './markdown.js';

/**
 * Articles written before the Markdown format were paragraphs of plain text, split at blank lines. This writes such a
 * text as Markdown that reads exactly the same: each paragraph stays one paragraph of the same words (inner whitespace
 * aside, which HTML never showed). Only what Markdown would take for markup is escaped, so the text stays readable in
 * the editor's Markdown view; a paragraph that would still change is escaped whole (any ASCII punctuation may be).
 */
export function legacyTextToMarkdown(text: string): string {
  return legacyParagraphs(text).map((paragraph) => {
    const light = paragraph.split('\n').map(escapeLine).join('\n');
    return readsAs(light, paragraph) ? light : paragraph.replace(/[!-/:-@[-`{-~]/g, '\\$&');
  }).join('\n\n');
}

/** The paragraphs the old page showed, each line trimmed as the browser would have collapsed it. */
export function legacyParagraphs(text: string): string[] {
  return text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)
    .map((paragraph) => paragraph.split('\n').map((line) => line.trim()).filter(Boolean).join('\n'))
    .filter(Boolean);
}

function escapeLine(line: string): string {
  const inline = line.replace(/[\\`*_[\]<>&|]/g, '\\$&');
  // Block markers at the start of a line: headings, quotes, list items ("- ", "+ ", "1994. "), setext underlines,
  // directives and a lone path of the site (which would embed). An address stays one: it becomes a link of the same
  // text, as GFM's autolinks find it after escapes, and an escaped one never embeds.
  return inline
    .replace(/^([#>+=:~-])/, '\\$1')
    .replace(/^(\d{1,9})([.)])/, '$1\\$2')
    .replace(/^\//, '\\/');
}

function readsAs(markdown: string, paragraph: string): boolean {
  const [block, ...rest] = parseArticle(markdown);
  if (rest.length > 0 || block?.type !== 'paragraph') return false;
  const sameWords = block.children.every((inline) => inline.type === 'text'
    || (inline.type === 'link' && inline.children.length === 1 && inline.children[0]!.type === 'text'));
  return sameWords && block.children.map((inline) => (inline.type === 'text' ? inline.value : inline.type === 'link' ? (inline.children[0] as { value: string }).value : '')).join('') === paragraph;
}
