/** The service worker's cache of images the reader has seen (kept while there is room). */
export const IMAGE_CACHE = 'redaktion-images';
/**
 * Pages a signed-out reader opened, as the server rendered them (the service worker keeps them): offline, a page the
 * reader has seen shows its text at once, before any script runs.
 */
export const PAGE_CACHE = 'redaktion-pages';
/** Images of saved articles and profiles: kept until the reader removes the item. */
export const SAVED_IMAGE_CACHE = 'redaktion-saved-images';
