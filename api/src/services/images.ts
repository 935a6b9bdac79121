import path from 'node:path';
import sharp from 'sharp';

/** Widths of the WebP variants made for every uploaded image, for `srcset`. */
export const VARIANT_WIDTHS = [400, 800, 1600] as const;

export interface ImageVariants {
  width: number;
  height: number;
  variants: { width: number; url: string }[];
}

/**
 * Resized WebP copies beside the original (`name-400.webp`, …), never wider than the original.
 * sharp reads the file from disk, so a large image is never held whole in our memory.
 */
export async function makeVariants(dir: string, name: string, publicPrefix: string): Promise<ImageVariants> {
  const source = path.join(dir, name);
  const meta = await sharp(source).metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  const base = name.replace(/\.[a-z0-9]+$/, '');
  const widths = VARIANT_WIDTHS.filter((w) => w < width);
  const variants = [];
  for (const w of widths.length > 0 ? widths : [width]) {
    const file = `${base}-${w}.webp`;
    await sharp(source).rotate().resize({ width: w, withoutEnlargement: true }).webp({ quality: 78 }).toFile(path.join(dir, file));
    variants.push({ width: w, url: `${publicPrefix}${file}` });
  }
  return { width, height, variants };
}
