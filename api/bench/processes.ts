import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';

/** A port nothing listens on now. */
export const freePort = () => new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number };
    probe.close(() => resolve(port));
  });
});

/** A TypeScript script in its own Node process (as `npm start` runs the server), once it answers /api/config. */
export async function startProcess(script: string, env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = fork(script, [], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const url = `http://127.0.0.1:${port}`;
  // Up to a minute: starting (TypeScript compiled at run time) is slow on a busy machine.
  for (let attempt = 0; attempt < 600; attempt += 1) {
    try {
      if ((await fetch(`${url}/api/config`)).status < 500) return { child, url };
    } catch { /* not listening yet */ }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${script} did not start`);
}

const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString());

/** User plus system CPU seconds a process has used, from /proc/<pid>/stat (fields 14 and 15). */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces; the first of them is field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}
