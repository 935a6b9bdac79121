import { rename, rm } from 'node:fs/promises';
import sharp from 'sharp';
import type { Storage } from '../storage/index.js';

import { IMAGE_VARIANT_WIDTHS as VARIANT_WIDTHS } from '@redaktion/shared';

export interface ImageVariants {
  width: number;
  height: number;
  variants: { width: number; url: string }[];
}

const variantKey = (imageKey: string, width: number) => `${imageKey.replace(/\.[a-z0-9]+$/i, '')}-${width}.webp`;

/**
 * The stored object for `?w=` on an uploaded image: the variant of that width, else the widest narrower one, else the
 * original (an image narrower than 400 px has only itself, and a variant still being made is not there yet).
 * Null when `width` is not one of the variant widths.
 */
export async function variantObject(storage: Storage, imageKey: string, width: number): Promise<string | null> {
  if (!(VARIANT_WIDTHS as readonly number[]).includes(width)) return null;
  for (const w of VARIANT_WIDTHS.filter((candidate) => candidate <= width).reverse()) {
    const key = variantKey(imageKey, w);
    if (await storage.stat(key)) return key;
  }
  return imageKey;
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

/** The original's size as it stands (EXIF orientation applied) and the variant widths it gets, never wider than itself. */
export async function planVariants(source: string | Buffer, imageKey: string): Promise<ImageVariants> {
  const meta = await sharp(source).metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  const widths = VARIANT_WIDTHS.filter((w) => w < width);
  const variants = (widths.length > 0 ? widths : [width]).map((w) => ({ width: w, url: `/${variantKey(imageKey, w)}` }));
  return { width, height, variants };
}

/**
 * Puts the resized WebP copies (`name-400.webp`, …) beside the original in the store. sharp reads a file from disk
 * when given a path, so a large original is never held whole in our memory; each variant is small.
 */
export async function writeVariants(storage: Storage, imageKey: string, source: string | Buffer): Promise<void> {
  for (const { width, url } of (await planVariants(source, imageKey)).variants) {
    const bytes = await sharp(source).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
    await storage.put(url.slice(1), bytes, { contentType: 'image/webp', length: bytes.length });
  }
}
