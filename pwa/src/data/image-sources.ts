import { IMAGE_VARIANT_WIDTHS } from '@redaktion/shared/constants';

/**
 * The sizes the server offers of an image: an uploaded photo has WebP variants by width (`?w=400` …), so a
 * phone downloads a fraction of what a wide screen does. Drawn artwork (SVG) and outside URLs have one size.
 */
const hasVariants = (src: string) => src.startsWith('/uploads/images/') && !/\.svg$/i.test(src);

/** `srcset` and the `sizes` that goes with it, or neither: `sizes` without `srcset` is invalid HTML. */
export function imageSources(src: string | null, sizes: string): { srcSet?: string; sizes?: string } {
  return src && hasVariants(src) ? { srcSet: IMAGE_VARIANT_WIDTHS.map((w) => `${src}?w=${w} ${w}w`).join(', '), sizes } : {};
}

/** Every URL the browser may ask for this image: what saving an article keeps for offline reading. */
export function imageUrls(src: string): string[] {
  return hasVariants(src) ? [src, ...IMAGE_VARIANT_WIDTHS.map((w) => `${src}?w=${w}`)] : [src];
}
