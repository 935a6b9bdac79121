import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';

/**
 * One JSON document on disk, replaced whole through a temporary file and a rename, so a crash or a power
 * cut leaves either the old or the new version and never half of one. Writes are serialised.
 */
export class JsonFile<T> {
  private writing: Promise<void> = Promise.resolve();

  constructor(readonly file: string, private readonly schema: z.ZodType<T>, private readonly empty: () => T) {}

  /** The stored document, or the empty one when there is none yet or it cannot be read. */
  async read(): Promise<T> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch {
      return this.empty();
    }
    try {
      const parsed = this.schema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : this.empty();
    } catch {
      return this.empty();
    }
  }

  write(value: T): Promise<void> {
    const text = JSON.stringify(value, null, 1);
    this.writing = this.writing.catch(() => undefined).then(async () => {
      await mkdir(path.dirname(this.file), { recursive: true });
      const temporary = `${this.file}.${process.pid}.tmp`;
      await writeFile(temporary, text, { mode: 0o600 });
      await rename(temporary, this.file);
    });
    return this.writing;
  }
}
