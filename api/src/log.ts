import pino from 'pino';

/**
 * The server's one logger: JSON lines on stdout. Nothing logged here may carry a cookie, an Authorization header or a
 * URL's query (tokens travel there): requests are logged by route pattern, and headers are never logged.
 */
export const log = pino({
  level: process.env.LOG_LEVEL ?? 'info',
  base: { pid: process.pid },
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  // Written without blocking: a slow reader of stdout must never stall the requests (what is pending is flushed at exit).
}, pino.destination({ dest: 1, sync: false }));

export type Logger = typeof log;
