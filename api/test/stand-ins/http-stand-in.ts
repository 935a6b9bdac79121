import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body's bytes, for a file sent in a form. */
  raw: Buffer;
}

export type StandInAnswer = { status?: number; json?: unknown; body?: Buffer | string; type?: string } | undefined;

/**
 * A provider's stand-in on 127.0.0.1: records every request and answers through `route`.
 * An unrouted request gets the provider-style 404.
 */
export async function startStandIn(route: (request: StandInRequest) => StandInAnswer | Promise<StandInAnswer>) {
  const requests: StandInRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const raw = Buffer.concat(chunks);
      const request = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: raw.toString('utf8'), raw };
      requests.push(request);
      Promise.resolve(route(request)).then((answer) => {
        if (!answer) {
          res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { message: `No route ${request.method} ${request.path}` } }));
          return;
        }
        const body = answer.json !== undefined ? JSON.stringify(answer.json) : answer.body ?? '';
        res.writeHead(answer.status ?? 200, { 'Content-Type': answer.type ?? 'application/json' }).end(body);
      }, (error: Error) => res.writeHead(500).end(error.message));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

/** Stripe's form encoding (`items[0][price]=…`, `metadata[plan]=…`) back into an object. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}
