/** An article's body: its Markdown (contract §9), the tree every output reads, and that tree as HTML or words. */
export * from './tree.js';
export { parseArticle, allowedHref, allowedImage, youtubeId, siteEmbed } from './markdown.js';
export { bodyToHtml } from './html.js';
export { bodyToText } from './words.js';
export { legacyTextToMarkdown, legacyParagraphs } from './legacy.js';
