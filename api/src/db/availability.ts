import type { Db } from './connection.js';
import { log } from '../log.js';

/** Errors that mean the database could not be reached or did not answer in time, not that a query was wrong. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN',
  // PostgreSQL: shutting down, cannot connect now, too many connections, statement timeout.
  '57P01', '57P02', '57P03', '53300', '57014']);
const UNREACHABLE_MESSAGES = /Connection terminated|Query read timeout|timeout exceeded when trying to connect|Client was closed|Connection ended|Knex: Timeout acquiring a connection/i;

type DbError = Error & { code?: unknown; name: string };

export function isDatabaseUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, name, message } = error as DbError;
  if (name === 'KnexTimeoutError') return true;
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
  return UNREACHABLE_MESSAGES.test(message);
}

/** SQLite's write lock held by another process (or connection) past the busy timeout. */
export const isDatabaseBusy = (error: unknown): boolean =>
  error instanceof Error && ((error as DbError).code === 'SQLITE_BUSY' || (error as DbError).code === 'SQLITE_LOCKED');

/**
 * Whether the database answers, as this process last saw it. An outage is logged once when it starts and once when
 * it ends; while it lasts a probe asks every second, so that the process recovers without anyone restarting it.
 */
export class DatabaseAvailability {
  private downSince: number | null = null;
  private probe: NodeJS.Timeout | null = null;
  private readonly outageListeners = new Set<() => void>();

  constructor(private readonly db: Db, private readonly probeEveryMs = 1000) {
    // Any answer from the database proves it is back, sooner than the probe.
    db.on('query-response', () => { if (this.downSince !== null) this.recovered(); });
  }

  get down(): boolean {
    return this.downSince !== null;
  }

  /** Calls `listener` when the next outage is found (requests already waiting may then be answered); returns its removal. */
  onNextOutage(listener: () => void): () => void {
    this.outageListeners.add(listener);
    return () => this.outageListeners.delete(listener);
  }

  /** Asks the database (bounded by the pool's timeouts) and records the answer. */
  async check(): Promise<boolean> {
    try {
      await this.db.raw('select 1');
      if (this.downSince !== null) this.recovered();
      return true;
    } catch (error) {
      this.failed(error);
      return false;
    }
  }

  /** Records an error seen by a request; returns whether it means the database is unreachable. */
  failed(error: unknown): boolean {
    if (!isDatabaseUnreachable(error)) return false;
    if (this.downSince === null) {
      this.downSince = Date.now();
      const { code, message } = error as DbError;
      log.error({ code, cause: message }, 'Database unreachable: answering 503 until it returns');
      for (const listener of this.outageListeners) listener();
      this.outageListeners.clear();
      this.probe = setInterval(() => void this.check(), this.probeEveryMs);
      this.probe.unref();
    }
    return true;
  }

  private recovered(): void {
    log.info({ downForMs: Date.now() - this.downSince! }, 'Database reachable again');
    this.downSince = null;
    this.stop();
  }

  stop(): void {
    if (this.probe) clearInterval(this.probe);
    this.probe = null;
  }
}
