import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.close(); });

describe('every admin call is enforced on the server', () => {
  it('declares admin access for everything under /api/admin and /api/upload', () => {
    const staffOnly = server.endpoints.filter((e) => e.path.startsWith('/api/admin') || e.path === '/api/upload');
    expect(staffOnly.length).toBeGreaterThan(30);
    for (const endpoint of staffOnly) expect(['admin', 'super_admin'], endpoint.path).toContain(endpoint.access);
  });

  it('answers 401 signed out and 403 to a reader, before looking at the body or the id', async () => {
    const reader = await signedInUser(server.url, server.db);
    const staffOnly = server.endpoints.filter((e) => e.access === 'admin' || e.access === 'super_admin');
    for (const endpoint of staffOnly) {
      const path = endpoint.path.replace(/:[a-z]+/gi, '1');
      const body = endpoint.method === 'get' ? undefined : {};
      const signedOut = await new HttpClient(server.url).request(endpoint.method.toUpperCase(), path, body);
      expect(signedOut.status, `${endpoint.method} ${path} signed out`).toBe(401);
      const asReader = await reader.client.request(endpoint.method.toUpperCase(), path, body);
      expect(asReader.status, `${endpoint.method} ${path} as reader`).toBe(403);
      expect(asReader.body.code).toBe('forbidden');
    }
  });
});
