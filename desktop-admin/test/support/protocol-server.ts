import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { APP_ORIGIN } from '../../src/core/trusted-url.js';

/**
 * Puts the app:// protocol handler behind a loopback http server, so the machine's Chromium can load the
 * renderer through the very code Electron's protocol.handle calls: each request is handed over as
 * `app://redaktion/<path>` and the handler's Response is written back unchanged.
 */
export async function serveProtocol(handle: (request: Request) => Promise<Response>): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer(async (incoming, outgoing) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === 'string') headers.set(name, value);
    const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD';
    const request = new Request(APP_ORIGIN + incoming.url, {
      method: incoming.method,
      headers,
      ...(hasBody ? { body: Readable.toWeb(incoming) as ReadableStream, duplex: 'half' } : {}),
    } as RequestInit);
    const response = await handle(request);
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).pipe(outgoing);
    else outgoing.end();
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
