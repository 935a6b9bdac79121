import type { RequestListener, ServerResponse } from 'node:http';
import { MAX_ID } from '@redaktion/shared/constants';
import { notFound, unavailable } from '../errors.js';
import { log } from '../log.js';
import type { Metrics } from './metrics.js';
import { recordRequest, requestIdOf } from './operations.js';

/** Who a live article is open to, and whether its entries are locked for readers who are not entitled. */
export interface LiveState { public: boolean; premium: boolean }

/** One change of a live article, its data serialized once for each kind of reader (the same text when it does not differ). */
export interface LiveEvent { seq: number; name: 'entry' | 'delete' | 'status'; full: string; locked: string }

/** The changes of a live article after a cursor, and the cursor they lead to; null when there is no such live article. */
export type LiveSource = (articleId: number, after: number) => Promise<{ state: LiveState; events: LiveEvent[]; cursor: number } | null>;

/** The reader a stream is for. */
export interface LiveReader { entitled: boolean; staff: boolean }

/** One open stream: its socket, how far it has been told, and who reads it. Kept this small on purpose. */
interface Stream { res: ServerResponse; cursor: number; entitled: boolean; staff: boolean }

/** The streams of one article in this process. */
interface Group {
  id: number;
  /** Settles once the article's state and sequence number are known. */
  ready: Promise<void>;
  state: LiveState | null;
  /** How far this process has read the article's changes: every stream here has been sent everything up to it. */
  fetched: number;
  streams: Set<Stream>;
  /** Streams catching up before they join (the group stays while they do). */
  joining: number;
  /** A read is under way; `again`: a notice came meanwhile, so read once more when it is done. */
  running: boolean;
  again: boolean;
}

const HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-store, no-transform',
  // nginx and its kin would otherwise hold events back to fill a buffer.
  'X-Accel-Buffering': 'no',
};

/** How long a browser waits before it reconnects after a drop. */
const PREAMBLE = Buffer.from('retry: 3000\n\n');
const KEEP_ALIVE = Buffer.from(':\n\n');
/** A reader that takes no more than this lets the rest pile up in memory: it is cut off, and reconnects with Last-Event-ID. */
const MAX_BUFFERED_BYTES = 1 << 20;
const RETRY_MS = 1000;

const frame = (event: LiveEvent, locked: boolean) => `id: ${event.seq}\nevent: ${event.name}\ndata: ${locked ? event.locked : event.full}\n\n`;
const sees = (state: LiveState | null, reader: LiveReader) => state !== null && (state.public || reader.staff);

/**
 * The live articles' event streams in this process (contract §9 [live]). Streams are grouped by article; a notice that
 * an article changed (this process's write, or another process's through the change bus) makes the group read the
 * changes after what it has sent, once for all its streams, serialize each change once per kind of reader, and write
 * the same bytes to every socket. One timer for the whole process keeps every stream open with a comment line.
 */
export class LiveHub {
  private readonly groups = new Map<number, Group>();
  private readonly timer: NodeJS.Timeout;
  private readonly headers: Record<string, string>;
  /** What a stream keeps of the headers set before it: a socket holds its answer's headers for as long as it is open. */
  private readonly kept: Set<string>;
  private closed = false;

  /** `securityHeaders`: what every stream carries (http/security-headers.ts `streamSecurityHeaders`). */
  constructor(private readonly source: LiveSource, keepAliveMs: number, securityHeaders: Record<string, string>) {
    this.timer = setInterval(() => this.keepAlive(), keepAliveMs);
    this.timer.unref();
    this.headers = { ...securityHeaders, ...HEADERS };
    this.kept = new Set(['x-request-id', ...Object.keys(securityHeaders).map((name) => name.toLowerCase())]);
  }

  /** Streams open now. */
  get size(): number {
    let count = 0;
    for (const group of this.groups.values()) count += group.streams.size;
    return count;
  }

  /**
   * Opens a stream on `res` for a reader, throwing (404) before anything is written when they may not see the
   * article. `since` (Last-Event-ID): what came after it is sent first, then every change as it comes.
   */
  async open(res: ServerResponse, articleId: number, reader: LiveReader, since: number | null): Promise<void> {
    // Stopping: the browser is sent elsewhere (the load balancer has stopped sending here).
    if (this.closed) throw unavailable(5);
    const group = this.group(articleId);
    group.joining += 1;
    try {
      await group.ready;
      if (!sees(group.state, reader)) throw notFound('This article has no live coverage');
      for (const name of res.getHeaderNames()) if (!this.kept.has(name)) res.removeHeader(name);
      res.writeHead(200, this.headers);
      if (res.req.method === 'HEAD') {
        res.end();
        return;
      }
      res.write(PREAMBLE);
      const stream: Stream = { res, cursor: since ?? group.fetched, entitled: reader.entitled, staff: reader.staff };
      try {
        // What this stream missed, until it has everything the group has sent: then it joins, in the same turn.
        while (stream.cursor < group.fetched && !res.destroyed) await this.catchUp(group, stream);
      } catch (error) {
        log.warn({ err: error, articleId }, 'A live stream could not catch up: it is closed and will reconnect');
        res.end();
        return;
      }
      if (res.destroyed) return;
      group.streams.add(stream);
      res.once('close', () => this.leave(group, stream));
    } finally {
      group.joining -= 1;
      this.dropIfEmpty(group);
    }
  }

  /** A notice that an article changed (no article: anything may have): its streams hear what changed. */
  changed(articleId?: number): void {
    if (articleId === undefined) for (const group of this.groups.values()) this.refresh(group);
    else {
      const group = this.groups.get(articleId);
      if (group) this.refresh(group);
    }
  }

  /** Ends every stream (the process is stopping: browsers reconnect to another). */
  close(): void {
    this.closed = true;
    clearInterval(this.timer);
    for (const group of this.groups.values()) for (const stream of group.streams) stream.res.end();
    this.groups.clear();
  }

  private group(id: number): Group {
    const existing = this.groups.get(id);
    if (existing) return existing;
    const group: Group = { id, ready: Promise.resolve(), state: null, fetched: 0, streams: new Set(), joining: 0, running: false, again: false };
    // No change is after the largest cursor: this reads the article's state and where its sequence stands.
    group.ready = this.source(id, Number.MAX_SAFE_INTEGER).then((snapshot) => {
      group.state = snapshot?.state ?? null;
      group.fetched = snapshot?.cursor ?? 0;
    }, (error: unknown) => {
      // The next reader tries again.
      if (this.groups.get(id) === group) this.groups.delete(id);
      throw error;
    });
    this.groups.set(id, group);
    return group;
  }

  private async catchUp(group: Group, stream: Stream): Promise<void> {
    const snapshot = await this.source(group.id, stream.cursor);
    if (!snapshot) {
      stream.res.end();
      return;
    }
    const locked = snapshot.state.premium && !stream.entitled;
    const text = snapshot.events.filter((event) => event.seq > stream.cursor).map((event) => frame(event, locked)).join('');
    if (text) this.write(stream, Buffer.from(text));
    stream.cursor = Math.max(stream.cursor, snapshot.cursor);
  }

  private refresh(group: Group): void {
    if (group.running) {
      group.again = true;
      return;
    }
    group.running = true;
    void this.fanOut(group);
  }

  /** Reads what changed after `fetched`, as often as notices came meanwhile, and sends it to every stream of the group. */
  private async fanOut(group: Group): Promise<void> {
    try {
      await group.ready;
      do {
        group.again = false;
        const snapshot = await this.source(group.id, group.fetched);
        group.state = snapshot?.state ?? null;
        if (snapshot) {
          group.fetched = Math.max(group.fetched, snapshot.cursor);
          this.deliver(group, snapshot.events, snapshot.state.premium);
        }
        // Unpublished, deleted or no longer live: its readers' streams end (staff may go on watching a draft).
        for (const stream of group.streams) if (!sees(group.state, stream)) stream.res.end();
      } while (group.again);
    } catch (error) {
      // A group that is gone (its first read failed, or its readers left) has no one to tell.
      if (this.groups.get(group.id) !== group) return;
      log.warn({ err: error, articleId: group.id }, 'Reading a live article\'s changes failed: trying again');
      setTimeout(() => this.refresh(group), RETRY_MS).unref();
    } finally {
      group.running = false;
    }
  }

  private deliver(group: Group, events: LiveEvent[], premium: boolean): void {
    if (!events.length) return;
    const first = events[0]!.seq;
    const last = events[events.length - 1]!.seq;
    // Each kind of reader's bytes are made once, when the first such stream needs them.
    const whole: [Buffer | null, Buffer | null] = [null, null];
    for (const stream of group.streams) {
      const locked = premium && !stream.entitled;
      if (stream.cursor >= last) continue;
      if (stream.cursor < first) {
        const variant = Number(locked);
        whole[variant] ??= Buffer.from(events.map((event) => frame(event, locked)).join(''));
        this.write(stream, whole[variant]);
      } else {
        // A stream that joined while this was read already has the first of these.
        this.write(stream, Buffer.from(events.filter((event) => event.seq > stream.cursor).map((event) => frame(event, locked)).join('')));
      }
      stream.cursor = last;
    }
  }

  private write(stream: Stream, bytes: Buffer): void {
    const { res } = stream;
    if (res.destroyed || res.writableEnded) return;
    res.write(bytes);
    if (res.writableLength > MAX_BUFFERED_BYTES) res.destroy();
  }

  private keepAlive(): void {
    for (const group of this.groups.values()) for (const stream of group.streams) this.write(stream, KEEP_ALIVE);
  }

  private leave(group: Group, stream: Stream): void {
    group.streams.delete(stream);
    this.dropIfEmpty(group);
  }

  private dropIfEmpty(group: Group): void {
    if (group.streams.size === 0 && group.joining === 0 && this.groups.get(group.id) === group) this.groups.delete(group.id);
  }
}

const CURSOR = /^\d{1,15}$/;

/** Where a stream starts: after Last-Event-ID when a reconnecting browser sends a cursor, else after `after` (or now). */
export function resumeFrom(lastEventId: string | undefined, after: string | undefined): number | null {
  const id = lastEventId?.trim();
  if (id && CURSOR.test(id)) return Number(id);
  return after === undefined ? null : Number(after);
}

const STREAM_PATH = /^\/api\/articles\/([1-9]\d{0,9})\/live\/stream(?:\?(.*))?$/;
const SIGNED_OUT: LiveReader = { entitled: false, staff: false };
export const STREAM_ROUTE = '/api/articles/:id/live/stream';

/**
 * Signed-out readers' streams, a live article's crowd, opened before the app (Koa) sees them: Koa holds a request's
 * context, its middleware's state and their listeners for as long as the answer is open, which for a stream open for
 * hours would be most of what each one costs (measured: some 9 KB of the 26 KB a stream took at 10,000). Such a reader
 * is `reader` to every rule, so nothing the app would do is left out; their request is logged and measured when it
 * closes, as any other. Anything else, and any stream this does not open (a signed-in reader, a malformed cursor, an
 * article with no live coverage, a stopping process, a database away), goes to the app, which answers it as it
 * answers any call.
 */
export function signedOutStreams(hub: LiveHub, sessionCookie: string, metrics: Metrics, app: RequestListener): RequestListener {
  const marker = `${sessionCookie}=`;
  return (req, res) => {
    const match = (req.method === 'GET' || req.method === 'HEAD') && !req.headers.authorization && !req.headers.cookie?.includes(marker)
      ? STREAM_PATH.exec(req.url ?? '') : null;
    const after = match ? new URLSearchParams(match[2] ?? '').get('after') ?? undefined : undefined;
    if (!match || Number(match[1]) > MAX_ID || (after !== undefined && !CURSOR.test(after))) {
      void app(req, res);
      return;
    }
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(String(req.headers['x-request-id'] ?? ''));
    res.setHeader('X-Request-Id', requestId);
    hub.open(res, Number(match[1]), SIGNED_OUT, resumeFrom(req.headers['last-event-id'] as string | undefined, after)).then(() => {
      res.once('close', () => recordRequest(metrics, { requestId, method: req.method!, route: STREAM_ROUTE, status: 200, started, finished: false }));
    }, () => void app(req, res));
  };
}
