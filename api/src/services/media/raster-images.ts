import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { RASTER_PRESETS, type RasterPreset } from '@redaktion/shared';
import { Admission } from '../../admission.js';
import { publicKey, type Storage } from '../../storage/index.js';
import { SIZE_LIMITS } from './uploads.js';

/**
 * What can be drawn, by the name's extension: upload keys end in the type sniffed from their first bytes
 * (`storedKey`), the demo's pictures in .svg, so a name says what the bytes are without reading them.
 */
const PICTURE = /\.(?:jpg|png|webp|svg)$/;
/** Drawings at once in a process: each holds an original of up to 20 MB and sharp's decoded pixels. */
const DRAWINGS_AT_ONCE = 2;
/** Uploads found undrawable, remembered so that asking again costs nothing; a bound, though only staff can add such uploads. */
const REMEMBERED_FAILURES = 1_000;

/**
 * The raster copies of uploads (`rasterImagePath` in shared names them), made on first request and kept in the store
 * under `raster/<preset>/`, so that every process finds the copy another one made.
 */
export function createRasterImages(storage: Storage, queueBudgetMs: number) {
  const drawings = new Admission(DRAWINGS_AT_ONCE, queueBudgetMs);
  const underway = new Map<string, Promise<string | null>>();
  const undrawable = new Set<string>();
  const remember = (source: string) => {
    if (undrawable.size >= REMEMBERED_FAILURES) undrawable.delete(undrawable.values().next().value!);
    undrawable.add(source);
  };

  /** Draws the copy and keeps it; null when there is no such upload or sharp cannot read it. Waits in line for its turn (503 past the budget). */
  async function draw(preset: RasterPreset, source: string, target: string): Promise<string | null> {
    const info = await storage.stat(source);
    // A name that does not exist is not remembered: asking for made-up names must not fill the memory.
    if (!info) return null;
    const { width, height } = RASTER_PRESETS[preset];
    // Only something the size of an image is read.
    const jpeg = info.size > SIZE_LIMITS.image ? null : await drawings.run(async () => {
      // Outside the catch: a read that fails is the store's fault, not the picture's, and must not be remembered.
      const body = await storage.get(source);
      const original = body && await buffer(body);
      if (!original) return undefined;
      try {
        // An SVG is drawn at the density that covers the preset, so it is never scaled up from a small bitmap.
        const meta = await sharp(original).metadata();
        const density = meta.format === 'svg' && meta.width && meta.height
          ? Math.min(2400, Math.ceil(72 * Math.max(width / meta.width, height / meta.height))) : undefined;
        return await sharp(original, density ? { density } : {}).rotate().resize(width, height, { fit: 'cover' }).flatten({ background: '#ffffff' })
          .jpeg({ quality: 85, mozjpeg: true }).toBuffer();
      } catch {
        return null;
      }
    });
    if (jpeg === undefined) return null;
    if (!jpeg) {
      remember(source);
      return null;
    }
    await storage.put(target, jpeg, { contentType: 'image/jpeg' });
    return target;
  }

  return {
    /**
     * The key of the JPEG of `uploadPath` (relative to uploads/) at the preset's size, made once and kept;
     * null when there is no such upload or it is no picture sharp can read. Uploads never change under their name,
     * so what failed once is not tried again, and requests for a copy being drawn wait for that drawing.
     */
    async key(preset: RasterPreset, uploadPath: string): Promise<string | null> {
      const source = publicKey('uploads/', uploadPath);
      if (!source || !PICTURE.test(source) || undrawable.has(source)) return null;
      const target = `raster/${preset}/${uploadPath}.jpg`;
      if (await storage.stat(target)) return target;
      let drawing = underway.get(target);
      if (!drawing) {
        drawing = draw(preset, source, target).finally(() => underway.delete(target));
        underway.set(target, drawing);
      }
      return drawing;
    },
  };
}

export type RasterImages = ReturnType<typeof createRasterImages>;
