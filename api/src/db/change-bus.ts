import type { Client } from 'pg';
import type { ChangeBus } from '../http/response-cache.js';
import type { Db } from './connection.js';

const CHANNEL = 'redaktion_content_changed';

/**
 * Content-change notices between API processes sharing one PostgreSQL, over LISTEN/NOTIFY.
 * A lost listener connection clears the cache (we may have missed a notice) and reconnects.
 */
export function createPgChangeBus(db: Db): ChangeBus {
  const listeners: (() => void)[] = [];
  let client: Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const notifyAll = () => listeners.forEach((listener) => listener());

  async function connect(): Promise<void> {
    if (closed) return;
    try {
      const connection = (await db.client.acquireRawConnection()) as Client;
      connection.on('notification', (message) => {
        if (message.channel === CHANNEL) notifyAll();
      });
      connection.on('error', () => reconnect(connection));
      connection.on('end', () => reconnect(connection));
      await connection.query(`LISTEN ${CHANNEL}`);
      client = connection;
    } catch {
      scheduleRetry();
    }
  }

  function reconnect(connection: Client): void {
    if (client !== connection) return;
    client = null;
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

  const ready = connect();

  return {
    async publish() {
      await db.raw(`NOTIFY ${CHANNEL}`);
    },
    subscribe(onChange) {
      listeners.push(onChange);
      void ready;
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
