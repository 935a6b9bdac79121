#!/usr/bin/env node
// Fetches OpenStack Swift (with its s3api middleware) and memcached from Debian and unpacks them into a cache folder
// outside the repository, without a system-wide install: the tests' real S3 store (api/test/support/swift.ts).
// Idempotent: once unpacked it only checks that the tree is there. Prints the folder it prepared.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
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

/** What apt would install for Swift here (the packages this machine lacks, dependencies included). */
function simulateInstall() {
  const result = run('apt-get', ['-s', 'install', '--no-install-recommends', ...SWIFT_PACKAGES]);
  return result.status === 0 ? [...result.stdout.matchAll(/^Inst (\S+)/gm)].map((match) => match[1]) : null;
}

/** Downloads the packages into `folder`; false when apt cannot (no or stale package lists). */
function download(folder) {
  const packages = simulateInstall();
  return packages !== null && (packages.length === 0 || run('apt-get', ['download', ...packages], { cwd: folder, stdio: 'inherit' }).status === 0);
}

/**
 * The unpacked tree, made once: test runs in several worktrees may prepare at the same moment, so each downloads and
 * unpacks into a folder of its own and renames it into place; a tree that exists is therefore complete.
 */
export function prepareSwift(env = process.env) {
  const cache = swiftCacheDir(env);
  const tree = path.join(cache, 'root');
  if (existsSync(tree)) return tree;

  mkdirSync(cache, { recursive: true });
  const debs = mkdtempSync(path.join(cache, 'debs-'));
  const staging = mkdtempSync(path.join(cache, 'root-'));
  try {
    if (!download(debs)) {
      // A fresh machine has no package lists yet, an old one stale ones; apt-get update needs root.
      if (run('apt-get', ['update'], { stdio: 'inherit' }).status !== 0) throw new Error('apt-get update failed: run it once as root, then retry');
      if (!download(debs)) throw new Error(`apt-get cannot download Swift's packages (${SWIFT_PACKAGES.join(' ')})`);
    }
    for (const file of readdirSync(debs)) {
      const unpack = run('dpkg', ['-x', path.join(debs, file), staging]);
      if (unpack.status !== 0) throw new Error(`dpkg -x ${file} failed: ${unpack.stderr}`);
    }
    try {
      renameSync(staging, tree);
    } catch (error) {
      // Another run finished first: its tree is as good as this one.
      if (!existsSync(tree)) throw error;
    }
    return tree;
  } finally {
    rmSync(debs, { recursive: true, force: true });
    rmSync(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const tree = prepareSwift();
  console.log(`Swift ready in ${tree} (${Date.now() - started} ms)`);
}
