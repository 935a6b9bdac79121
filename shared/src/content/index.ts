/** An article's body: its Markdown (contract §9), the tree every output reads, and that tree as HTML or words. */
export * from './tree.js';
export { parseArticle, youtubeId, siteEmbed } from './markdown.js';
export { allowedHref, allowedImage } from './links.js';
export { bodyToHtml } from './html.js';
export { bodyToText, firstWords } from './words.js';
export { legacyTextToMarkdown, legacyParagraphs } from './legacy.js';

import { parseArticle } from './markdown.js';
import { bodyToText } from './words.js';

/** The words of an article's Markdown: what search indexes (`articles.content_text`), never its syntax. */
export const contentWords = (markdown: string): string => bodyToText(parseArticle(markdown));
