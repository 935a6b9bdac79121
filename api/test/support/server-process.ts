import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

const root = new URL('../../..', import.meta.url).pathname;

export const freePort = () => new Promise<number>((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as net.AddressInfo;
    probe.close(() => resolve(port));
  });
});

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** The JSON log lines written so far. */
  logs(): Record<string, unknown>[];
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** Resolves once `url` answers /healthz, or throws after `ms`. */
export async function waitUntilUp(url: string, ms = 60_000, isAlive: () => boolean = () => true): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && isAlive()) {
    try {
      // Each probe has its own limit: a process that takes the connection but never answers must not hold the wait forever.
      if ((await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) })).status === 200) return;
    } catch { /* not listening yet */ }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** Waits for the state, not the clock: resolves once `condition` holds, or throws naming `what` after `ms`. */
export async function until(condition: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!await condition()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The JSON lines a process logged about jobs of one kind. */
export const jobLines = (server: ServerProcess, kind: string) => server.logs().filter((line) => line.job === kind);

/**
 * The server as an operator runs it (`npm start`, or node on api/src/server.ts), in a process of its own with its
 * output captured, on a free port (or on `port`, to restart it where a load balancer expects it).
 */
export async function startServerProcess(options: { env: Record<string, string>; npmStart?: boolean; port?: number }): Promise<ServerProcess> {
  const port = options.port ?? await freePort();
  const env = { ...process.env, LOG_LEVEL: 'info', SEED_DEMO: '0', HOST: '127.0.0.1', PORT: String(port), ...options.env };
  const child = options.npmStart
    ? spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => { text += chunk.toString(); });
  child.stderr!.on('data', (chunk: Buffer) => { text += chunk.toString(); });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let alive = true;
  void exited.then(() => { alive = false; });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(url, 60_000, () => alive);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}:\n${text}`, { cause: error });
  }
  return {
    url,
    port,
    child,
    output: () => text,
    logs: () => text.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>),
    exited,
    async stop() {
      if (alive) child.kill('SIGTERM');
      await exited;
    },
  };
}
