#!/usr/bin/env node
// Fetches OpenStack Swift (with its s3api middleware) and memcached from Debian and unpacks them into a cache folder
// outside the repository, without a system-wide install: the tests' real S3 store (api/test/support/swift.ts).
// Idempotent: once unpacked it only checks a marker file. Prints the folder it prepared.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SWIFT_PACKAGES = ['swift', 'swift-proxy', 'swift-account', 'swift-container', 'swift-object', 'python3-swift', 'memcached'];

/** SWIFT_CACHE_DIR, else ~/.cache/redaktion-swift: shared by every worktree and kept across runs. */
export function swiftCacheDir(env = process.env) {
  return path.resolve(env.SWIFT_CACHE_DIR ?? path.join(env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'redaktion-swift'));
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.error) throw result.error;
  return result;
}

/** The packages this machine lacks for Swift: what apt would install, dependencies included. */
function missingPackages() {
  const simulate = () => run('apt-get', ['-s', 'install', '--no-install-recommends', ...SWIFT_PACKAGES]);
  let result = simulate();
  if (result.status !== 0) {
    // A fresh machine has no package lists yet; apt-get update needs root.
    const update = run('apt-get', ['update'], { stdio: 'inherit' });
    if (update.status !== 0) throw new Error('apt-get update failed (run it once as root, then retry)');
    result = simulate();
    if (result.status !== 0) throw new Error(`apt-get cannot resolve Swift's packages:\n${result.stderr}`);
  }
  return [...result.stdout.matchAll(/^Inst (\S+)/gm)].map((match) => match[1]);
}

export function prepareSwift(env = process.env) {
  const cache = swiftCacheDir(env);
  const tree = path.join(cache, 'root');
  const marker = path.join(cache, 'prepared.json');
  if (existsSync(marker) && existsSync(path.join(tree, 'usr/bin/swift-proxy-server'))) {
    const prepared = JSON.parse(readFileSync(marker, 'utf8'));
    if (SWIFT_PACKAGES.every((name) => prepared.requested.includes(name))) return tree;
  }

  const debs = path.join(cache, 'debs');
  mkdirSync(debs, { recursive: true });
  const wanted = missingPackages();
  const have = new Set(readdirSync(debs).map((file) => file.split('_')[0]));
  const toFetch = wanted.filter((name) => !have.has(name));
  if (toFetch.length > 0) {
    const download = run('apt-get', ['download', ...toFetch], { cwd: debs, stdio: 'inherit' });
    if (download.status !== 0) throw new Error('apt-get download of Swift\'s packages failed');
  }
  // Unpack afresh so that a half-finished earlier attempt leaves nothing behind.
  rmSync(tree, { recursive: true, force: true });
  mkdirSync(tree, { recursive: true });
  for (const file of readdirSync(debs).filter((name) => name.endsWith('.deb'))) {
    const unpack = run('dpkg', ['-x', path.join(debs, file), tree]);
    if (unpack.status !== 0) throw new Error(`dpkg -x ${file} failed: ${unpack.stderr}`);
  }
  writeFileSync(marker, JSON.stringify({ requested: SWIFT_PACKAGES, unpacked: wanted }, null, 2));
  return tree;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const tree = prepareSwift();
  console.log(`Swift ready in ${tree} (${Date.now() - started} ms)`);
}
