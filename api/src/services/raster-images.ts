import { access, mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { RASTER_PRESETS, type RasterPreset } from '@redaktion/shared';

/** The raster copies of uploads (`rasterImagePath` in shared names them), made on first request and kept. */
export function createRasterImages(uploadsDir: string, dataDir: string) {
  const cacheDir = path.join(dataDir, 'raster');
  const inside = (root: string, relative: string): string | null => {
    const full = path.resolve(root, relative);
    const hidden = relative.includes('\0') || relative.split('/').some((part) => part.startsWith('.'));
    return relative && !hidden && full.startsWith(`${root}${path.sep}`) ? full : null;
  };

  return {
    /**
     * The JPEG of `uploadPath` (relative to uploads/) at the preset's size, made once and kept beside the data;
     * null when there is no such upload or sharp cannot read it. Uploads never change under their name.
     */
    async file(preset: RasterPreset, uploadPath: string): Promise<string | null> {
      const source = inside(uploadsDir, uploadPath);
      const target = inside(path.join(cacheDir, preset), `${uploadPath}.jpg`);
      if (!source || !target) return null;
      if (await access(target).then(() => true, () => false)) return target;
      if (!(await access(source).then(() => true, () => false))) return null;
      const { width, height } = RASTER_PRESETS[preset];
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${process.pid}.part`;
      try {
        // An SVG is drawn at the density that covers the preset, so it is never scaled up from a small bitmap.
        const meta = await sharp(source).metadata();
        const density = meta.format === 'svg' && meta.width && meta.height
          ? Math.min(2400, Math.ceil(72 * Math.max(width / meta.width, height / meta.height))) : undefined;
        await sharp(source, density ? { density } : {}).rotate().resize(width, height, { fit: 'cover' }).flatten({ background: '#ffffff' })
          .jpeg({ quality: 85, mozjpeg: true }).toFile(partial);
      } catch {
        return null;
      }
      await rename(partial, target);
      return target;
    },
  };
}

export type RasterImages = ReturnType<typeof createRasterImages>;
