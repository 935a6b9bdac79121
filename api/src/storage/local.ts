import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import type { ByteRange, Storage, StoredObject } from './storage.js';

/** Keys are the product's own relative paths; one that could leave the root is a bug, not a miss. */
function resolveKey(root: string, key: string): string {
  const full = path.resolve(root, key);
  if (!full.startsWith(`${root}${path.sep}`) || key.includes('\0')) throw new Error(`Not a storage key: ${key}`);
  return full;
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR';

/** The embedded default: every object a file under `root` (DATA_DIR), written to a temporary name and renamed into place. */
export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root);

  async function* walk(dir: string): AsyncGenerator<string> {
    const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
      if (missing(error)) return [];
      throw error;
    });
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(full);
      else if (entry.isFile() && !entry.name.endsWith('.storing')) yield full;
    }
  }

  return {
    driver: 'local',

    async put(key, body, _options) {
      const file = resolveKey(base, key);
      await mkdir(path.dirname(file), { recursive: true });
      // Readers never see half an object: the bytes land under a temporary name first.
      const temp = `${file}.${randomUUID()}.storing`;
      try {
        if (Buffer.isBuffer(body)) await writeFile(temp, body);
        else await pipeline(body as Readable, createWriteStream(temp));
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async get(key, range?: ByteRange) {
      const file = resolveKey(base, key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return createReadStream(file, range ? { start: range.start, end: range.end } : undefined);
    },

    async stat(key): Promise<StoredObject | null> {
      const info = await stat(resolveKey(base, key)).catch(() => null);
      if (!info?.isFile()) return null;
      return { size: info.size, etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`, lastModified: info.mtime };
    },

    async delete(key) {
      await rm(resolveKey(base, key), { force: true });
    },

    async *list(prefix) {
      // Walk from the deepest folder the prefix names, then keep the keys that start with it.
      const slash = prefix.lastIndexOf('/');
      const start = slash > 0 ? resolveKey(base, prefix.slice(0, slash)) : base;
      const keys: string[] = [];
      for await (const file of walk(start)) {
        const key = path.relative(base, file).split(path.sep).join('/');
        if (key.startsWith(prefix)) keys.push(key);
      }
      // Whole keys in code-unit order, as S3 lists them; a folder-by-folder walk would put `a/b` before `a-b`.
      for (const key of keys.sort()) {
        const info = await stat(path.join(base, key)).catch(() => null);
        if (info) yield { key, size: info.size, lastModified: info.mtime };
      }
    },

    async publicUrl() {
      return null;
    },
  };
}
