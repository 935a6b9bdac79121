import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';

/** What every line logged during a request or a job carries: the request id, and the job it started. */
export interface LogContext { reqId?: string; job?: string; jobId?: string }
const context = new AsyncLocalStorage<LogContext>();

/** Runs `work` with these fields added to every line it logs (and to the jobs it enqueues). */
export const withLogContext = <T>(fields: LogContext, work: () => T): T => context.run({ ...context.getStore(), ...fields }, work);
export const currentLogContext = (): LogContext => context.getStore() ?? {};

/**
 * The server's one logger: JSON lines on stdout. Nothing logged here may carry a cookie, an Authorization header or a
 * URL's query (tokens travel there): requests are logged by route pattern, and headers are never logged.
 */
export const log = pino({
  level: process.env.LOG_LEVEL ?? 'info',
  base: { pid: process.pid },
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  mixin: currentLogContext,
  // Written without blocking: a slow reader of stdout must never stall the requests (what is pending is flushed at exit).
}, pino.destination({ dest: 1, sync: false }));

export type Logger = typeof log;
