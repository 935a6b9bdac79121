// After a PWA build: Brotli and gzip copies of the hashed assets, so that the server sends them
// compressed without compressing them again for every reader.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? new URL('../pwa/dist/client/assets', import.meta.url).pathname);
// Recursive: the admin chunk has a folder of its own.
for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
  if (!/\.(js|css|svg)$/.test(name)) continue;
  const source = readFileSync(path.join(dir, name));
  writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(path.join(dir, `${name}.gz`), gzipSync(source, { level: 9 }));
}
