import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * docs/spec/ is a copy, so that the spec the code cites (`contract.md` §…) resolves in any clone; the source stays
 * in ../shared/spec/ beside the repository. Only where that source is present can the copy be checked against it.
 */
const root = new URL('../../', import.meta.url);
const source = new URL('../shared/spec/', root);
const copy = new URL('docs/spec/', root);
const documentsIn = (folder: URL) => readdirSync(folder).filter((name) => name.endsWith('.md')).sort();

describe('the spec copy in docs/spec/', () => {
  it.skipIf(!existsSync(source))('is byte for byte ../shared/spec/ (compared only where the source is beside the repository)', () => {
    expect(documentsIn(copy)).toEqual(documentsIn(source));
    for (const name of documentsIn(source)) {
      const same = readFileSync(new URL(name, copy)).equals(readFileSync(new URL(name, source)));
      expect(same, `docs/spec/${name} differs from ../shared/spec/${name}: copy it again`).toBe(true);
    }
  });
});
