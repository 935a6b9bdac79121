import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { RASTER_PRESETS, type RasterPreset } from '@redaktion/shared';
import { publicKey, type Storage } from '../storage/index.js';
import { SIZE_LIMITS } from './uploads.js';

/**
 * The raster copies of uploads (`rasterImagePath` in shared names them), made on first request and kept in the store
 * under `raster/<preset>/`, so that every process finds the copy another one made.
 */
export function createRasterImages(storage: Storage) {
  return {
    /**
     * The key of the JPEG of `uploadPath` (relative to uploads/) at the preset's size, made once and kept;
     * null when there is no such upload or sharp cannot read it. Uploads never change under their name.
     */
    async key(preset: RasterPreset, uploadPath: string): Promise<string | null> {
      const source = publicKey('uploads/', uploadPath);
      if (!source) return null;
      const target = `raster/${preset}/${uploadPath}.jpg`;
      if (await storage.stat(target)) return target;
      // Only something the size of an image is read: a video under uploads/ is no picture to draw.
      const info = await storage.stat(source);
      const body = info && info.size <= SIZE_LIMITS.image ? await storage.get(source) : null;
      if (!body) return null;
      const { width, height } = RASTER_PRESETS[preset];
      let jpeg: Buffer;
      try {
        const original = await buffer(body);
        // An SVG is drawn at the density that covers the preset, so it is never scaled up from a small bitmap.
        const meta = await sharp(original).metadata();
        const density = meta.format === 'svg' && meta.width && meta.height
          ? Math.min(2400, Math.ceil(72 * Math.max(width / meta.width, height / meta.height))) : undefined;
        jpeg = await sharp(original, density ? { density } : {}).rotate().resize(width, height, { fit: 'cover' }).flatten({ background: '#ffffff' })
          .jpeg({ quality: 85, mozjpeg: true }).toBuffer();
      } catch {
        return null;
      }
      await storage.put(target, jpeg, { contentType: 'image/jpeg' });
      return target;
    },
  };
}

export type RasterImages = ReturnType<typeof createRasterImages>;
