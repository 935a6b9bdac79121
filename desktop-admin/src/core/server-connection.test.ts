import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerCall, ServerUnreachable, urlOnOrigin } from './server-connection.js';

/** Two origins: the profile's server, which redirects in several ways, and an outsider recording what reaches it. */
let profileOrigin: string;
let outsiderOrigin: string;
const outsiderSaw: (string | undefined)[] = [];
const servers: http.Server[] = [];

async function listen(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  outsiderOrigin = await listen((request, response) => {
    outsiderSaw.push(request.headers.authorization);
    response.end('{}');
  });
  profileOrigin = await listen((request, response) => {
    if (request.url === '/api/away') response.writeHead(302, { location: `${outsiderOrigin}/api/user` }).end();
    else if (request.url === '/api/moved') response.writeHead(301, { location: '/api/here' }).end();
    else if (request.url === '/api/loop') response.writeHead(302, { location: '/api/loop' }).end();
    else response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ path: request.url, authorization: request.headers.authorization }));
  });
});
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

describe('calls to the signed-in server', () => {
  const call = () => createServerCall(() => ({ origin: profileOrigin, token: 'rdk_abc' }));

  it('never follows a redirect to another origin with the token', async () => {
    await expect(call()('/api/away')).rejects.toMatchObject({ code: 'redirect_refused' });
    expect(outsiderSaw).toEqual([]);
  });

  it('follows a redirect on the same origin for reads, but not for writes nor forever', async () => {
    const answer = await call()('/api/moved');
    expect(await answer.json()).toEqual({ path: '/api/here', authorization: 'Bearer rdk_abc' });
    await expect(call()('/api/moved', { method: 'POST', body: '{}' })).rejects.toBeInstanceOf(ServerUnreachable);
    await expect(call()('/api/loop')).rejects.toMatchObject({ code: 'redirect_refused' });
  });

  it('refuses paths that would leave the origin', async () => {
    expect(urlOnOrigin('https://redaktion.se', '//evil.example/api')).toBeNull();
    expect(urlOnOrigin('https://redaktion.se', '/\\evil.example/api')).toBeNull();
    expect(urlOnOrigin('https://redaktion.se', 'https://evil.example/api')).toBeNull();
    expect(urlOnOrigin('https://redaktion.se', '/api/user?x=1')?.href).toBe('https://redaktion.se/api/user?x=1');
    await expect(call()(`//127.0.0.1:1/api`)).rejects.toMatchObject({ code: 'redirect_refused' });
  });

  it('says the server cannot be reached instead of throwing a fetch error', async () => {
    const closed = createServerCall(() => ({ origin: 'http://127.0.0.1:9', token: 't' }));
    await expect(closed('/api/user')).rejects.toMatchObject({ code: 'network' });
    await expect(createServerCall(() => null)('/api/user')).rejects.toMatchObject({ code: 'signed_out' });
  });
});
