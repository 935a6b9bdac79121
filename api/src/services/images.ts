import { access, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

import { IMAGE_VARIANT_WIDTHS as VARIANT_WIDTHS } from '@redaktion/shared';

export interface ImageVariants {
  width: number;
  height: number;
  variants: { width: number; url: string }[];
}

/**
 * The file for `?w=` on an uploaded image: the variant of that width, else the widest narrower one, else the
 * original (an image narrower than 400 px has only itself). Null when `width` is not one of the variant widths.
 */
export async function variantFile(imagePath: string, width: number): Promise<string | null> {
  if (!(VARIANT_WIDTHS as readonly number[]).includes(width)) return null;
  const base = imagePath.replace(/\.[a-z0-9]+$/i, '');
  for (const w of VARIANT_WIDTHS.filter((candidate) => candidate <= width).reverse()) {
    const file = `${base}-${w}.webp`;
    if (await access(file).then(() => true, () => false)) return file;
  }
  return imagePath;
}

/**
 * Re-encodes a stored image in its own format without its metadata: EXIF (GPS position, camera, author), XMP and
 * IPTC are dropped. The EXIF orientation is applied to the pixels first, so the picture still stands the right way.
 */
export async function stripMetadata(file: string): Promise<void> {
  const temp = `${file}.clean`;
  try {
    const image = sharp(file).rotate();
    const { format } = await image.metadata();
    const encoded = format === 'jpeg' ? image.jpeg({ quality: 90, mozjpeg: true })
      : format === 'png' ? image.png({ compressionLevel: 9 })
        : format === 'webp' ? image.webp({ quality: 90 }) : null;
    if (!encoded) throw new Error(`Unexpected image format ${format}`);
    await encoded.toFile(temp);
    await rename(temp, file);
  } finally {
    await rm(temp, { force: true });
  }
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
