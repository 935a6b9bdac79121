import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';

/** What every line logged during a request or a job carries: the request id, and the job it started. */
export interface LogContext { reqId?: string; job?: string; jobId?: string }
const context = new AsyncLocalStorage<LogContext>();

/** Runs `work` with these fields added to every line it logs (and to the jobs it enqueues). */
export const withLogContext = <T>(fields: LogContext, work: () => T): T => context.run({ ...context.getStore(), ...fields }, work);
export const currentLogContext = (): LogContext => context.getStore() ?? {};

/**
 * Where the lines go: stdout through a buffer written without blocking, so that a request pays neither a write call of
 * its own nor a wait on a slow reader of stdout (together most of what a cached read costs beyond a bare server). Lines
 * leave once 4 KB are pending, and a quiet server's within a tenth of a second. What is pending as the process exits
 * (process.exit after SIGTERM's drain, the end of a command's work, a crash on an uncaught exception) pino writes
 * synchronously from its own 'exit' hook, so that no line is lost.
 */
const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
const flushing = setInterval(() => destination.flush(), 100).unref();
// Once the work is done pino ends the stream, which takes no flush after that.
process.once('beforeExit', () => clearInterval(flushing));

// A signal nobody else handles ends the process without its 'exit' event (before server.ts has set up its drain, or
// in a command): the pending lines are written, then the signal is raised again to end the process as it would have.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, function writePendingThenDie() {
    if (process.listenerCount(signal) > 1) return;
    destination.flushSync();
    process.removeListener(signal, writePendingThenDie);
    process.kill(process.pid, signal);
  });
}

/** The time, formatted as pino's isoTime does but once per millisecond: under load that is a line's dearest field. */
let stampedAt = 0;
let stamp = '';
const isoTime = () => {
  const now = Date.now();
  if (now !== stampedAt) {
    stampedAt = now;
    stamp = `,"time":"${new Date(now).toISOString()}"`;
  }
  return stamp;
};

/**
 * The server's one logger: JSON lines on stdout. Nothing logged here may carry a cookie, an Authorization header or a
 * URL's query (tokens travel there): requests are logged by route pattern, and headers are never logged.
 */
export const log = pino({
  level: process.env.LOG_LEVEL ?? 'info',
  base: { pid: process.pid },
  timestamp: isoTime,
  formatters: { level: (label) => ({ level: label }) },
  mixin: currentLogContext,
}, destination);

export type Logger = typeof log;
