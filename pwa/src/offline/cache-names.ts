/** The service worker's cache of images; saving an article puts its images there too. */
export const IMAGE_CACHE = 'redaktion-images';
