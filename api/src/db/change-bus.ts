import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Config } from '../config.js';
import type { ChangeBus, ChangeScope } from '../http/response-cache.js';
import { log } from '../log.js';
import type { Db } from './connection.js';

const CHANNEL = 'redaktion_content_changed';
const SELF_TEST = 'self-test:';
const SELF_TEST_WAIT_MS = 2000;

/**
 * Content-change notices between API processes sharing one PostgreSQL, over LISTEN/NOTIFY. The listener has a direct
 * connection of its own (DATABASE_LISTEN_URL, else DATABASE_URL): behind pgbouncer's transaction pooling LISTEN hears
 * nothing and says nothing, so a self-test at start sends a notice to itself and warns when it does not arrive.
 * While the listener is away notices may be missed: the cache is cleared when it drops and again when it is back.
 */
/** A notice names its sender and, for one article's change, the article: `<origin> article:7`. */
function scopeOf(payload: string): ChangeScope | undefined {
  const article = / article:(\d+)$/.exec(payload)?.[1];
  return article ? { article: Number(article) } : undefined;
}

export function createPgChangeBus(db: Db, config: Pick<Config, 'databaseUrl' | 'databaseListenUrl' | 'dbTimeoutMs'>): ChangeBus {
  const listeners: ((scope?: ChangeScope) => void)[] = [];
  const selfTests = new Map<string, () => void>();
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let connectedBefore = false;
  // Our own notices come back to us too; the write that sent one already cleared this process's cache, and clearing
  // it again when the echo arrives would throw away pages rendered from the new content in between.
  const origin = randomUUID();

  const notifyAll = (scope?: ChangeScope) => listeners.forEach((listener) => listener(scope));

  async function connect(): Promise<void> {
    if (closed) return;
    const connection = new pg.Client({
      connectionString: config.databaseListenUrl ?? config.databaseUrl!, connectionTimeoutMillis: config.dbTimeoutMs, keepAlive: true,
    });
    connection.on('error', () => reconnect(connection));
    connection.on('end', () => reconnect(connection));
    connection.on('notification', (message) => {
      if (message.channel !== CHANNEL) return;
      if (message.payload?.startsWith(SELF_TEST)) selfTests.get(message.payload)?.();
      else if (message.payload && !message.payload.startsWith(origin)) notifyAll(scopeOf(message.payload));
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${CHANNEL}`);
    } catch {
      await connection.end().catch(() => undefined);
      scheduleRetry();
      return;
    }
    if (closed) {
      await connection.end().catch(() => undefined);
      return;
    }
    client = connection;
    // Notices sent while we were not listening are lost: whatever was cached since the drop may be stale.
    if (connectedBefore) {
      log.info('Change listener reconnected: response cache cleared');
      notifyAll();
    } else {
      void selfTest();
    }
    connectedBefore = true;
  }

  /** A notice sent through the pool must come back on the listener, else other processes' edits would go unheard. */
  async function selfTest(): Promise<void> {
    const payload = `${SELF_TEST}${randomUUID()}`;
    const heard = new Promise<boolean>((resolve) => {
      selfTests.set(payload, () => resolve(true));
      setTimeout(() => resolve(false), SELF_TEST_WAIT_MS).unref();
    });
    try {
      await db.raw('select pg_notify(?, ?)', [CHANNEL, payload]);
      if (!(await heard) && !closed) {
        log.warn(`The change listener did not hear its own notice within ${SELF_TEST_WAIT_MS / 1000} s: other API processes' edits will not clear this `
          + "process's cache. LISTEN needs a direct connection to PostgreSQL, not pgbouncer's transaction pooling (set DATABASE_LISTEN_URL).");
      }
    } catch (error) {
      log.warn({ err: error }, 'The change listener self-test could not send its notice');
    } finally {
      selfTests.delete(payload);
    }
  }

  function reconnect(connection: pg.Client): void {
    if (client !== connection) return;
    client = null;
    log.warn('Change listener lost its connection: response cache cleared, reconnecting');
    notifyAll();
    scheduleRetry();
  }

  function scheduleRetry(): void {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, 1000);
    retry.unref();
  }

  void connect();

  return {
    async publish(scope) {
      await db.raw('select pg_notify(?, ?)', [CHANNEL, scope ? `${origin} article:${scope.article}` : origin]);
    },
    subscribe(onChange) {
      listeners.push(onChange);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const connection = client;
      client = null;
      if (connection) await connection.end().catch(() => undefined);
    },
  };
}
