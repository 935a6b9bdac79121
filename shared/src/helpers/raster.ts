/**
 * Podcast apps and link previews take only JPEG or PNG, at sizes of their own, while uploads may be SVG or WebP.
 * The server makes these raster copies (`/media/{preset}/…jpg`); each preset is a fixed size.
 */
export const RASTER_PRESETS = {
  // Apple Podcasts and Spotify: square, 1400 to 3000 px, JPEG or PNG.
  artwork: { width: 1400, height: 1400 },
  // Open Graph: 1200 × 630 is what Facebook, LinkedIn and Slack show large.
  og: { width: 1200, height: 630 },
} as const;

export type RasterPreset = keyof typeof RASTER_PRESETS;

export const isRasterPreset = (value: string): value is RasterPreset => Object.hasOwn(RASTER_PRESETS, value);

/** The raster copy of one of our uploads, or null for an image from elsewhere (left as it is). */
export function rasterImagePath(preset: RasterPreset, imageUrl: string | null | undefined): string | null {
  if (!imageUrl?.startsWith('/uploads/')) return null;
  return `/media/${preset}/${imageUrl.slice('/uploads/'.length)}.jpg`;
}
