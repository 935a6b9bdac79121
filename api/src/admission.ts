import { ERROR_CODES } from '@redaktion/shared';
import { HttpError } from './errors.js';

/** A request turned away because the server is too busy to answer it in time (503 with Retry-After). */
export const overloaded = () => new HttpError(503, 'The server is busy: try again in a moment', ERROR_CODES.unavailable, undefined, { 'Retry-After': '1' });

/**
 * Admission for work that needs a render or the database: at most `concurrency` at a time, the rest wait
 * in line, and one that has waited past `queueBudgetMs` is refused rather than kept (its reader would
 * have given up, and serving it late only makes everyone after it late too). Answers from the caches
 * never come here, so they are never refused.
 */
export class Admission {
  private running = 0;
  private readonly waiting: { admit: () => boolean; timer: NodeJS.Timeout; since: number }[] = [];

  constructor(private readonly concurrency: number, private readonly queueBudgetMs: number) {}

  /** Runs `work` when there is room; throws 503 when none came within the budget or `signal` (the reader hung up) fired. */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.running >= this.concurrency) await this.wait(signal);
    else this.running += 1;
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private wait(signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const leave = (error: unknown) => {
        const index = this.waiting.indexOf(entry);
        if (index >= 0) this.waiting.splice(index, 1);
        clearTimeout(entry.timer);
        signal?.removeEventListener('abort', onAbort);
        reject(error);
      };
      const onAbort = () => leave(signal!.reason);
      const entry = {
        admit: () => {
          // On a busy event loop the timer may not have fired yet: the wait itself decides.
          if (performance.now() - entry.since > this.queueBudgetMs) {
            leave(overloaded());
            return false;
          }
          clearTimeout(entry.timer);
          signal?.removeEventListener('abort', onAbort);
          resolve();
          return true;
        },
        since: performance.now(),
        timer: setTimeout(() => leave(overloaded()), this.queueBudgetMs),
      };
      this.waiting.push(entry);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** The slot passes straight to the next in line that is still within its budget, so `running` counts it throughout. */
  private release(): void {
    for (let next = this.waiting.shift(); next; next = this.waiting.shift()) if (next.admit()) return;
    this.running -= 1;
  }
}
