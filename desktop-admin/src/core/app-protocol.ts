import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isAppUrl } from './trusted-url.js';
import { ServerUnreachable, type ServerCall } from './server-connection.js';

/**
 * The `app://redaktion/` protocol: the built renderer from one folder (never `file://`), with a strict
 * Content-Security-Policy, and the renderer's relative `/api/*` calls forwarded to the signed-in server.
 * Public media (`/uploads/`, `/media/`) is fetched from the server too, without the token.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  // React sets style attributes (progress bars); no inline <script> is ever allowed.
  "style-src 'self' 'unsafe-inline'",
  // Stock photos and channel thumbnails are outside https images; images cannot run code.
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "frame-src 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.jpg': 'image/jpeg', '.webp': 'image/webp', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.txt': 'text/plain; charset=utf-8',
};

const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-language', 'content-type', 'if-match', 'if-none-match', 'range', 'tus-resumable', 'upload-length', 'upload-offset', 'upload-metadata'];
const FORWARDED_ANSWER_HEADERS = ['content-type', 'etag', 'cache-control', 'content-range', 'accept-ranges', 'last-modified', 'retry-after', 'upload-offset', 'upload-length', 'tus-resumable'];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'content-security-policy': CONTENT_SECURITY_POLICY } });

/** The file under `root` that a URL path names, or null when any segment tries to leave it (plain or encoded). */
export function fileUnder(root: string, pathname: string): string | null {
  const segments: string[] = [];
  for (const raw of pathname.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try { segment = decodeURIComponent(raw); } catch { return null; }
    if (segment === '.' || segment === '..' || /[/\\\0:]/.test(segment)) return null;
    segments.push(segment);
  }
  const file = path.resolve(root, ...segments);
  const relative = path.relative(root, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? null : file;
}

export interface AppProtocolOptions {
  /** The folder of the built renderer (its index.html answers every route without a file extension). */
  rendererDir: string;
  /** Calls to the signed-in server (adds the token to `/api/*` only). */
  serverCall: ServerCall;
}

export function createAppProtocolHandler({ rendererDir, serverCall }: AppProtocolOptions) {
  const root = path.resolve(rendererDir);

  async function forward(request: Request, url: URL, withToken: boolean): Promise<Response> {
    const headers = new Headers();
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    try {
      const answer = await serverCall(url.pathname + url.search, {
        method: request.method,
        headers,
        ...(hasBody ? { body: await request.arrayBuffer() } : {}),
      }, { withToken });
      const out = new Headers({ 'content-security-policy': CONTENT_SECURITY_POLICY });
      for (const name of FORWARDED_ANSWER_HEADERS) {
        const value = answer.headers.get(name);
        if (value !== null) out.set(name, value);
      }
      const empty = answer.status === 204 || answer.status === 304 || request.method === 'HEAD';
      return new Response(empty ? null : answer.body, { status: answer.status, headers: out });
    } catch (error) {
      if (!(error instanceof ServerUnreachable)) throw error;
      return json(error.code === 'signed_out' ? 401 : 502, { error: error.message, code: error.code });
    }
  }

  return async function handle(request: Request): Promise<Response> {
    if (!isAppUrl(request.url)) return json(404, { error: 'Not an address of the app' });
    const url = new URL(request.url);
    // The URL parser has already resolved `.` and `..`; fileUnder() also refuses their encoded forms.
    if (url.pathname.startsWith('/api/')) return forward(request, url, true);
    if (request.method !== 'GET' && request.method !== 'HEAD') return json(405, { error: 'Method not allowed' });
    if (url.pathname.startsWith('/uploads/') || url.pathname.startsWith('/media/')) return forward(request, url, false);
    const lastSegment = url.pathname.split('/').pop() ?? '';
    const file = lastSegment.includes('.') ? fileUnder(root, url.pathname) : path.join(root, 'index.html');
    if (!file) return json(403, { error: 'Forbidden' });
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      return json(404, { error: 'Not found' });
    }
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers: {
        'content-type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-cache',
      },
    });
  };
}
