import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, createAppProtocolHandler, fileUnder } from './app-protocol.js';
import { createServerCall } from './server-connection.js';

let root: string;
let outside: string;
let server: http.Server;
let origin: string;
const seen: { url: string; authorization?: string; cookie?: string; body: string }[] = [];

beforeAll(async () => {
  const base = await mkdtemp(path.join(os.tmpdir(), 'redaktion-protocol-'));
  root = path.join(base, 'renderer');
  outside = path.join(base, 'secret.txt');
  await mkdir(path.join(root, 'assets'), { recursive: true });
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>Redaktion</title>');
  await writeFile(path.join(root, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(outside, 'the token vault');
  // The newsroom server as the forwarder sees it: records what arrives and answers JSON.
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => { body += chunk; });
    request.on('end', () => {
      seen.push({ url: request.url!, authorization: request.headers.authorization, cookie: request.headers.cookie, body });
      response.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'koa.sess=abc', etag: '"v1"' });
      response.end(JSON.stringify({ ok: true }));
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const handler = (signedIn = true) => createAppProtocolHandler({
  rendererDir: root,
  serverCall: createServerCall(() => (signedIn ? { origin, token: 'rdk_secret' } : null)),
});

describe('the app:// protocol', () => {
  it('serves the renderer with a strict Content-Security-Policy, and index.html for the app routes', async () => {
    const handle = handler();
    const script = await handle(new Request('app://redaktion/assets/app.js'));
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(await script.text()).toBe('console.log(1)');
    const csp = script.headers.get('content-security-policy')!;
    expect(csp).toBe(CONTENT_SECURITY_POLICY);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    const route = await handle(new Request('app://redaktion/interviews/videos'));
    expect(await route.text()).toContain('<title>Redaktion</title>');
    expect((await handle(new Request('app://redaktion/assets/missing.js'))).status).toBe(404);
  });

  it('refuses path traversal in every spelling', async () => {
    const handle = handler();
    for (const attempt of [
      'app://redaktion/..%2fsecret.txt',
      'app://redaktion/assets/..%2f..%2fsecret.txt',
      'app://redaktion/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      'app://redaktion/assets/..%5c..%5csecret.txt',
      'app://redaktion/%2e%2e/secret.txt',
      'app://redaktion/assets/%252e%252e%252fsecret.txt',
      'app://redaktion/assets/app.js%00.png',
      'app://redaktion/C:%5cWindows%5cwin.ini',
    ]) {
      const answer = await handle(new Request(attempt));
      expect([403, 404], attempt).toContain(answer.status);
      expect(await answer.text(), attempt).not.toContain('the token vault');
    }
    expect(fileUnder(root, '/assets/app.js')).toBe(path.join(root, 'assets', 'app.js'));
    expect(fileUnder(root, '/assets/%2e%2e/%2e%2e/secret.txt')).toBeNull();
  });

  it('answers only its own host', async () => {
    const handle = handler();
    for (const url of ['app://evil/assets/app.js', 'app://redaktion:8080/']) {
      expect((await handle(new Request(url))).status, url).toBe(404);
    }
    expect((await handle(new Request('app://redaktion/assets/app.js', { method: 'POST', body: 'x' }))).status).toBe(405);
  });

  it('forwards /api calls to the server with the token, never the renderer\'s cookie or its own Authorization', async () => {
    seen.length = 0;
    const answer = await handler()(new Request('app://redaktion/api/admin/articles?limit=3', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'stolen=1', authorization: 'Bearer forged', 'if-match': '"v0"' },
      body: JSON.stringify({ title: 'Hej' }),
    }));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true });
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(answer.headers.get('etag')).toBe('"v1"');
    expect(seen).toEqual([{ url: '/api/admin/articles?limit=3', authorization: 'Bearer rdk_secret', cookie: undefined, body: '{"title":"Hej"}' }]);
  });

  it('fetches public media from the server without the token, and says when no one is signed in', async () => {
    seen.length = 0;
    expect((await handler()(new Request('app://redaktion/uploads/photo.jpg'))).status).toBe(200);
    expect(seen[0]).toMatchObject({ url: '/uploads/photo.jpg', authorization: undefined });
    const signedOut = await handler(false)(new Request('app://redaktion/api/user'));
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toMatchObject({ code: 'signed_out' });
  });
});
