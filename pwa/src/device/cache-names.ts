/** The service worker's cache of images the reader has seen (kept while there is room). */
export const IMAGE_CACHE = 'redaktion-images';
/** Images of saved articles and profiles: kept until the reader removes the item. */
export const SAVED_IMAGE_CACHE = 'redaktion-saved-images';
