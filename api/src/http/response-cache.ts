import { createHash } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Audience } from '../services/content/audience.js';
import type { AppContext } from './context.js';
import { linkOriginOf } from './link-origin.js';

/** A stored answer: its encoded body and what is sent with it. */
export interface CachedAnswer {
  body: string;
  etag: string;
  status: number;
  /** The route pattern that produced an API answer, for logs and metrics of answers served before routing. */
  route?: string;
  /** JSON for API answers; feeds, sitemaps and robots.txt keep their own type; pages are HTML. */
  type: string;
  /** Sent with the answer over the app's own (a page's security policy, an API read's shared caching). */
  headers?: Record<string, string>;
}

/** Sets a kept answer's own headers; `Vary` adds to what the response varies on already (the compression's). */
function setKept(ctx: AppContext, headers: Record<string, string> | undefined): void {
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name === 'Vary') ctx.vary(value);
    else ctx.set(name, value);
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * What a write changed: one article's text, where its listing (status, dates, category, flags) stayed as it was, so
 * that only the answers showing it are stale; or, when absent, anything.
 */
export type ChangeScope = { article: number };

/** Tells other API processes that content changed, and hears them. */
export interface ChangeBus {
  publish(scope?: ChangeScope): Promise<void>;
  subscribe(onChange: (scope?: ChangeScope) => void): void;
  close(): Promise<void>;
}

/**
 * Whether a cached answer shows an article: it names it as an item (`{"id":7,"title"…`, as every article answer
 * begins) or links to it (`/article/7`, `/api/articles/7`, a card or a feed's link). Dropping an answer that matches
 * by chance (an ad with that id) costs one render; keeping one that shows the article would be wrong, so any doubt drops.
 */
const shows = (article: number) => new RegExp(`"id":${article},"title"|/articles?/${article}(?![0-9])`);

export const etagOf = (body: string) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/**
 * Public reads answered from memory. Rendering a list costs a query, row mapping, gating and
 * JSON encoding; most requests ask for the same few URLs, so the encoded answer is kept per URL
 * and audience (premium content differs between readers and subscribers). Reader pages are kept
 * here too (`page` keys), so they are invalidated by exactly the same rules.
 *
 * It stays correct by three rules: every staff write clears it here and, through the change bus,
 * in every other process; an answer never outlives the next moment a scheduled item becomes
 * public or an ad starts or ends (`validUntil`); and nothing personal is ever cached.
 */
export class ResponseCache {
  private entries = new Map<string, CachedAnswer>();
  private validUntil = 0;
  /** Bumped by every clear, so that an answer computed before a write is never stored after it. */
  private generation = 0;
  private refreshing: Promise<void> | null = null;
  private readonly maxEntries = 5_000;
  private readonly listeners: ((scope?: ChangeScope) => void)[] = [];
  /** Answers served from memory and answers computed for it, since the process started (for /metrics). */
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    private readonly bus: ChangeBus | null,
    private readonly nextScheduledChange: () => Promise<number>,
    /** PUBLIC_ORIGIN: without it, answers are kept per origin the request named (see `scopedUrl`). */
    private readonly publicOrigin: string | null,
    private readonly maxAgeMs = 60_000,
  ) {
    bus?.subscribe((scope) => this.changed(scope));
  }

  /**
   * Hears every content change the cache hears, this process's writes and other processes' notices alike, after
   * the write has committed (the live streams follow their articles through it).
   */
  onChange(listener: (scope?: ChangeScope) => void): void {
    this.listeners.push(listener);
  }

  private changed(scope?: ChangeScope): void {
    this.clear(scope);
    for (const listener of this.listeners) listener(scope);
  }

  /** The answer stored under a key, if it is still valid. */
  lookup(key: string): CachedAnswer | undefined {
    if (Date.now() >= this.validUntil) {
      if (!this.refreshing) this.clear();
      return undefined;
    }
    const entry = this.entries.get(key);
    if (entry) this.stats.hits += 1;
    return entry;
  }

  /** The generation an answer computed from now on is stored under (see `put`). */
  begin(): number {
    if (Date.now() >= this.validUntil && !this.refreshing) this.clear();
    return this.generation;
  }

  /** Keeps an answer, unless the content changed since its computation began. */
  put(key: string, answer: CachedAnswer, generation: number): void {
    this.stats.misses += 1;
    if (generation !== this.generation || Date.now() >= this.validUntil) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, answer);
  }

  /** The key of an API answer: the audience, then the URL. */
  static apiKey(url: string, audience: Audience): string {
    return `${audience} ${url}`;
  }

  /**
   * What a request's answer is kept under besides its audience: its URL, and without PUBLIC_ORIGIN also the origin
   * it named, since feeds and pages then build their links on it (link-origin.ts). The in-process reads of the
   * renderer are JSON with no absolute link, kept under the URL alone.
   */
  scopedUrl(ctx: Pick<AppContext, 'url' | 'protocol' | 'host'>): string {
    return this.publicOrigin ? ctx.url : `${linkOriginOf(null, ctx)}${ctx.url}`;
  }

  /** Answers from the cache when it can (null); otherwise returns the generation to store under. */
  serve(ctx: AppContext, audience: Audience): number | null {
    const generation = this.begin();
    const entry = this.lookup(ResponseCache.apiKey(this.scopedUrl(ctx), audience));
    if (!entry) return generation;
    ctx.state.route = entry.route;
    ctx.set('ETag', entry.etag);
    ctx.set('Cache-Control', 'no-cache');
    setKept(ctx, entry.headers);
    if (ctx.get('If-None-Match') === entry.etag) {
      ctx.status = 304;
      return null;
    }
    ctx.type = entry.type;
    ctx.body = entry.body;
    return null;
  }

  /**
   * Answers a signed-out reader's GET from the cache before sessions and routing run: most traffic is
   * exactly that, and the entry was stored by the same endpoint for the same audience.
   */
  readerFastPath(sessionCookie: string): Middleware {
    const marker = `${sessionCookie}=`;
    return async (ctx, next) => {
      // A request with an Authorization header is someone's (contract.md §8): it never reaches a signed-out reader's answer.
      if ((ctx.method === 'GET' || ctx.method === 'HEAD') && !ctx.headers.cookie?.includes(marker) && !ctx.headers.authorization
        && this.serve(ctx as AppContext, 'reader') === null) return;
      await next();
    };
  }

  /**
   * Keeps the answer the handler just produced: an object as JSON, a string (a feed, a sitemap) as it is typed, with
   * `headers` of its own, sent whenever it is served.
   */
  store(ctx: AppContext, audience: Audience, generation: number, headers?: Record<string, string>): void {
    const text = typeof ctx.body === 'string';
    const body = text ? ctx.body as string : JSON.stringify(ctx.body);
    const type = text ? ctx.response.get('Content-Type') || 'text/plain; charset=utf-8' : JSON_TYPE;
    const etag = etagOf(body);
    const route = (ctx as { _matchedRoute?: unknown })._matchedRoute;
    this.put(ResponseCache.apiKey(this.scopedUrl(ctx), audience), {
      body, etag, status: 200, type, route: typeof route === 'string' ? route : undefined, ...(headers ? { headers } : {}),
    }, generation);
    ctx.set('ETag', etag);
    ctx.set('Cache-Control', 'no-cache');
    setKept(ctx, headers);
    if (ctx.get('If-None-Match') === etag) {
      ctx.status = 304;
      return;
    }
    ctx.type = type;
    ctx.body = body;
  }

  /** Opens a new period of validity, which lasts until the next scheduled change or maxAge. */
  private async refresh(): Promise<void> {
    const next = await this.nextScheduledChange();
    this.validUntil = Math.min(next, Date.now() + this.maxAgeMs);
  }

  private clear(scope?: ChangeScope): void {
    this.generation += 1;
    if (scope) {
      // One article's text: the editor's and the live desk's saves every few seconds leave the rest of the cache warm.
      const pattern = shows(scope.article);
      for (const [key, entry] of this.entries) if (pattern.test(key) || pattern.test(entry.body)) this.entries.delete(key);
      return;
    }
    this.entries.clear();
    this.validUntil = 0;
    this.refreshing ??= this.refresh()
      .catch(() => undefined)
      .finally(() => { this.refreshing = null; });
  }

  async invalidate(scope?: ChangeScope): Promise<void> {
    this.changed(scope);
    await this.bus?.publish(scope);
  }
}
