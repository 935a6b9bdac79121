import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListBucketsCommand, S3Client } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { S3Settings } from '../../src/storage/s3.js';
import { freePort } from './server-process.js';
import { prepareSwift } from '../../../scripts/swift/prepare.mjs';

/** How a client reaches the S3 side of a running Swift. */
export interface SwiftS3 {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface RunningSwift extends SwiftS3 {
  /** Stops every process it started and removes its data. */
  stop(): Promise<void>;
}

const repository = new URL('../../..', import.meta.url).pathname;
// Debian's Python, for which the unpacked packages (C extensions included) were built.
const python = '/usr/bin/python3';
// s3api checks a request's signing region against its `location`.
const region = 'us-east-1';
const account = { name: 'test', user: 'tester', key: 'testing' };

type Server = 'account' | 'container' | 'object';

function ini(sections: Record<string, Record<string, string | number>>): string {
  return Object.entries(sections)
    .map(([name, values]) => `[${name}]\n${Object.entries(values).map(([key, value]) => `${key} = ${value}`).join('\n')}\n`)
    .join('\n');
}

function buildRing(tree: string, env: NodeJS.ProcessEnv, swiftDir: string, server: Server, port: number): void {
  const builder = path.join(swiftDir, `${server}.builder`);
  const steps = [['create', '6', '1', '1'], ['add', `r1z1-127.0.0.1:${port}/d1`, '100'], ['rebalance']];
  for (const step of steps) {
    const result = spawnSync(python, [path.join(tree, 'usr/bin/swift-ring-builder'), builder, ...step], { env, encoding: 'utf8' });
    // swift-ring-builder exits 1 for "done, with warnings" (one device is a warning).
    if (result.status !== 0 && result.status !== 1) throw new Error(`swift-ring-builder ${step.join(' ')}: ${result.stdout}${result.stderr}`);
  }
}

/** Resolves once something accepts connections on the port: a Swift server binds it only when ready to serve. */
async function waitForPort(port: number, isAlive: () => boolean, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && isAlive()) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => { socket.destroy(); resolve(true); });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing listens on port ${port}`);
}

/** Resolves once a signed S3 call (ListBuckets) succeeds: proxy, auth, memcached and the account ring all answer. */
async function waitForS3(swift: SwiftS3, isAlive: () => boolean, ms = 60_000): Promise<void> {
  const client = swiftClient(swift);
  const deadline = Date.now() + ms;
  try {
    while (Date.now() < deadline && isAlive()) {
      try {
        await client.send(new ListBucketsCommand({}));
        return;
      } catch { /* still starting */ }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    client.destroy();
  }
  throw new Error('Swift did not answer');
}

/**
 * OpenStack Swift with its s3api middleware on loopback: memcached and the account, container, object and proxy
 * servers, each a process on a free port, with configuration, rings and data in a temporary folder. Prepares the
 * Debian packages first if this machine has not yet (scripts/swift/prepare.mjs).
 */
export async function startSwift(): Promise<RunningSwift> {
  const tree = prepareSwift();
  const base = await mkdtemp(path.join(os.tmpdir(), 'redaktion-swift-'));
  const swiftDir = path.join(base, 'etc');
  const devices = path.join(base, 'srv');
  await mkdir(swiftDir, { recursive: true });
  await mkdir(path.join(devices, 'd1'), { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PYTHONPATH: path.join(tree, 'usr/lib/python3/dist-packages'),
    LD_LIBRARY_PATH: [path.join(tree, 'usr/lib/x86_64-linux-gnu'), path.join(tree, 'lib/x86_64-linux-gnu'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
  };

  const ports = { memcached: await freePort(), account: await freePort(), container: await freePort(), object: await freePort(), proxy: await freePort() };
  const hash = randomUUID();
  await writeFile(path.join(swiftDir, 'swift.conf'), ini({
    'swift-hash': { swift_hash_path_suffix: hash, swift_hash_path_prefix: hash },
    'storage-policy:0': { name: 'Policy-0', default: 'yes' },
  }));
  const common = {
    bind_ip: '127.0.0.1',
    swift_dir: swiftDir,
    devices,
    mount_check: 'false',
    user: os.userInfo().username,
    // One process per server, no forked workers: less memory, and a kill stops it all.
    workers: 0,
    log_level: 'WARNING',
  };
  for (const server of ['account', 'container', 'object'] as const) {
    buildRing(tree, env, swiftDir, server, ports[server]);
    await writeFile(path.join(swiftDir, `${server}-server.conf`), ini({
      DEFAULT: { ...common, bind_port: ports[server] },
      'pipeline:main': { pipeline: `${server}-server` },
      [`app:${server}-server`]: { use: `egg:swift#${server}` },
    }));
  }
  // The pipeline from engines.md: tempauth needs cache (memcached); slo carries S3 multipart uploads.
  const filters: Record<string, Record<string, string>> = {
    catch_errors: {},
    gatekeeper: {},
    healthcheck: {},
    'proxy-logging': { use: 'egg:swift#proxy_logging' },
    cache: { use: 'egg:swift#memcache', memcache_servers: `127.0.0.1:${ports.memcached}` },
    listing_formats: {},
    s3api: { location: region },
    tempauth: { [`user_${account.name}_${account.user}`]: `${account.key} .admin` },
    copy: {},
    slo: {},
    dlo: {},
  };
  await writeFile(path.join(swiftDir, 'proxy-server.conf'), ini({
    DEFAULT: { ...common, bind_port: ports.proxy },
    'pipeline:main': { pipeline: `${Object.keys(filters).join(' ')} proxy-logging proxy-server` },
    'app:proxy-server': { use: 'egg:swift#proxy', account_autocreate: 'true' },
    ...Object.fromEntries(Object.entries(filters).map(([name, settings]) => [`filter:${name}`, { use: `egg:swift#${name}`, ...settings }])),
  }));

  const children: ChildProcess[] = [];
  let output = '';
  let failed = false;
  const launch = (name: string, args: string[]) => {
    const child = spawn(python, [path.join(repository, 'scripts/swift/child.py'), ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => { output = `${output}${name}: ${chunk.toString()}`.slice(-20_000); };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    // 'close', not 'exit': by then the last words on stderr have been read.
    child.once('close', (code, signal) => {
      failed = true;
      output += `${name} ended (${signal ?? code})\n`;
    });
    children.push(child);
  };
  const memcachedUser = os.userInfo().uid === 0 ? ['-u', 'root'] : [];
  launch('memcached', ['exec', path.join(tree, 'usr/bin/memcached'), '-l', '127.0.0.1', '-p', String(ports.memcached), '-U', '0', '-m', '16', ...memcachedUser]);
  for (const server of ['account', 'container', 'object', 'proxy'] as const) {
    launch(`${server}-server`, ['server', swiftDir, path.join(swiftDir, `${server}-server.conf`)]);
  }

  const stop = async () => {
    await Promise.all(children.map((child) => new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    })));
    await rm(base, { recursive: true, force: true });
  };

  const swift = { endpoint: `http://127.0.0.1:${ports.proxy}`, region, accessKeyId: `${account.name}:${account.user}`, secretAccessKey: account.key };
  try {
    await Promise.all(Object.values(ports).map((port) => waitForPort(port, () => !failed)));
    await waitForS3(swift, () => !failed);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}:\n${output}`, { cause: error });
  }
  return { ...swift, stop };
}

/** A client for the test's own S3 calls (creating buckets), configured as s3api needs (engines.md). */
export function swiftClient(swift: SwiftS3): S3Client {
  return new S3Client({
    endpoint: swift.endpoint,
    region: swift.region,
    credentials: { accessKeyId: swift.accessKeyId, secretAccessKey: swift.secretAccessKey },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** A new, empty bucket with a unique name, so that test files sharing one Swift never see each other's objects. */
export async function createBucket(swift: SwiftS3, label = 'test'): Promise<string> {
  const bucket = `${label}-${randomUUID()}`.toLowerCase().replace(/[^a-z0-9-]/g, '-').slice(0, 63);
  const client = swiftClient(swift);
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }
  return bucket;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The loopback address of swift-global-setup.ts, which starts the run's one Swift on the first request. */
    swiftStarter: string;
  }
}

/** The test run's one Swift (started on first use by swift-global-setup.ts); give the calling hook 120 s. */
export async function sharedSwift(): Promise<SwiftS3> {
  const response = await fetch(inject('swiftStarter'));
  if (!response.ok) throw new Error(`Swift did not start: ${await response.text()}`);
  return await response.json() as SwiftS3;
}

/** The S3 settings of the storage driver for one bucket of this Swift. */
export function swiftS3Settings(swift: SwiftS3, bucket: string): S3Settings {
  return { endpoint: swift.endpoint, region: swift.region, bucket, accessKeyId: swift.accessKeyId, secretAccessKey: swift.secretAccessKey, forcePathStyle: true };
}

/** The same as environment variables, for a server process or a command (README, Configuration). */
export function swiftStorageEnv(swift: SwiftS3, bucket: string): Record<string, string> {
  return {
    STORAGE: 's3',
    S3_ENDPOINT: swift.endpoint,
    S3_REGION: swift.region,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: swift.accessKeyId,
    S3_SECRET_ACCESS_KEY: swift.secretAccessKey,
    S3_FORCE_PATH_STYLE: '1',
  };
}
