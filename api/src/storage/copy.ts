import mime from 'mime-types';
import type { Storage } from './storage.js';

/**
 * The key prefixes that hold the product's stored files: uploads (images, their variants, videos, the demo seed's
 * files) and episode audio, private audio included. The rest of DATA_DIR (the database, temporary and resumable
 * parts, the mail folder, the raster copies, which are made again on demand) is not copied.
 */
export const STORED_PREFIXES = ['uploads/', 'audio/'] as const;

export interface CopyReport {
  copied: number;
  skipped: number;
  bytes: number;
}

/**
 * Copies every object under `prefixes` from one store to another, key for key, streaming each one. An object already
 * in the target with the same size is taken as copied, so that an interrupted copy can simply run again.
 */
export async function copyObjects(
  from: Storage,
  to: Storage,
  prefixes: readonly string[],
  onCopied: (key: string, size: number) => void,
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0 };
  for (const prefix of prefixes) {
    for await (const { key, size } of from.list(prefix)) {
      if ((await to.stat(key))?.size === size) {
        report.skipped += 1;
        continue;
      }
      const body = await from.get(key);
      // Listed a moment ago and gone now: deleted meanwhile, so nothing to copy.
      if (!body) continue;
      await to.put(key, body, { contentType: mime.lookup(key) || undefined });
      onCopied(key, size);
      report.copied += 1;
      report.bytes += size;
    }
  }
  return report;
}
