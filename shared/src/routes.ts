/**
 * The reader and admin routes of the PWA (reader-area.md §2, contract.md §7). The server answers
 * these with status 200 and any other path with 404, so both sides read this one list.
 */
export const CLIENT_ROUTES = [
  '/', '/home', '/news', '/opinion', '/podcasts', '/podcast/:id', '/podcast-series/:id', '/people', '/people/:id',
  '/article/:id', '/watch/:videoId', '/subscribe', '/subscription/success', '/auth', '/forgot-password', '/reset-password',
  '/search', '/privacy', '/terms', '/cookies',
  '/dashboard', '/dashboard/profile', '/dashboard/reading-list', '/dashboard/podcasts', '/dashboard/settings',
  '/admin', '/admin/ai-generator',
] as const;

const patterns = CLIENT_ROUTES.map((route) =>
  new RegExp(`^${route.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`));

export const isClientRoute = (pathname: string): boolean => patterns.some((pattern) => pattern.test(pathname));
