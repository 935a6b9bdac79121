import { rename, rm } from 'node:fs/promises';
import sharp from 'sharp';
import type { Storage } from '../../storage/index.js';

import { IMAGE_VARIANT_WIDTHS as VARIANT_WIDTHS } from '@redaktion/shared';

export interface ImageVariants {
  width: number;
  height: number;
  variants: { width: number; url: string }[];
}

const variantKey = (imageKey: string, width: number) => `${imageKey.replace(/\.[a-z0-9]+$/i, '')}-${width}.webp`;

/** The types an uploaded image is kept as (`sniffType`), so the extensions an original can have. */
const IMAGE_EXTENSIONS = ['jpg', 'png', 'webp'] as const;
/** A variant's key, named as a variant of a generated upload: `uploads/images/<uuid>-<width>.webp`. */
const VARIANT_KEY = /^(uploads\/images\/[0-9a-f-]{36})-\d+\.webp$/;

/**
 * The stored object that answers for an uploaded image's key. `?w=` (`width`) picks the variant of that width, else the
 * widest narrower one there is, else the original; a width that is no variant width picks the original. A variant
 * named directly that the background job has not made yet is answered by its original (contract.md §5: the upload
 * lists the variants at once). `final` is false for an answer that may change, which must not be cached for good.
 */
export async function imageObject(storage: Storage, key: string, width: number | null): Promise<{ key: string; final: boolean }> {
  if (width !== null) {
    if (!(VARIANT_WIDTHS as readonly number[]).includes(width)) return { key, final: true };
    for (const w of VARIANT_WIDTHS.filter((candidate) => candidate <= width).reverse()) {
      const candidate = variantKey(key, w);
      if (await storage.stat(candidate)) return { key: candidate, final: w === width };
    }
    return { key, final: false };
  }
  const base = VARIANT_KEY.exec(key)?.[1];
  if (!base || (await storage.stat(key))) return { key, final: true };
  // The original is one of the image types an upload is kept as: a stat each, never a walk of the folder.
  for (const ext of IMAGE_EXTENSIONS) {
    if (await storage.stat(`${base}.${ext}`)) return { key: `${base}.${ext}`, final: false };
  }
  return { key, final: true };
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

/** Puts the resized WebP copies (`name-400.webp`, …) beside the original in the store; each variant is small. */
export async function writeVariants(storage: Storage, imageKey: string, source: Buffer): Promise<void> {
  for (const { width, url } of (await planVariants(source, imageKey)).variants) {
    const bytes = await sharp(source).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
    await storage.put(url.slice(1), bytes, { contentType: 'image/webp' });
  }
}
