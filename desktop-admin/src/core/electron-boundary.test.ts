import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..');

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return (await Promise.all(entries.map((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(full) : /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  }))).flat();
}

describe('where Electron may be imported', () => {
  it('only src/main imports electron (the preload entry included); core, bridge and renderer never do', async () => {
    const importers: string[] = [];
    for (const file of await sources(src)) {
      if (/from ['"]electron(\/[a-z]+)?['"]|require\(['"]electron/.test(await readFile(file, 'utf8'))) importers.push(path.relative(src, file));
    }
    expect(importers.sort()).toEqual(['main/index.ts', 'main/preload.ts']);
  });
});
