import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminClient, insightsCsvPath } from '@redaktion/shared/admin-client';
import { apiPaths, createApiClient } from '@redaktion/shared/client';
import { startTestServer, type TestServer } from './support/test-server.js';

/**
 * The typed clients (shared/src/client) and the server's declared endpoints are written apart: every request a
 * client makes must land on a route the server declares, with the method the client uses.
 */
let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.close(); });

/** A request as a client makes it: its method and its path without the query. */
type Request = { method: string; path: string };
const nameOf = ({ method, path }: Request) => `${method} ${path}`;

/** Whether a declared path ('/api/articles/:id') takes the concrete one ('/api/articles/1'). */
const takes = (template: string, path: string) => {
  const [wanted, given] = [template.split('/'), path.split('/')];
  return wanted.length === given.length && wanted.every((segment, n) => (segment.startsWith(':') ? given[n] !== '' : segment === given[n]));
};
const undeclared = (requests: Request[]) => requests.filter(({ method, path }) =>
  !server.endpoints.some((endpoint) => endpoint.method.toUpperCase() === method && takes(endpoint.path, path))).map(nameOf);

/**
 * One stand-in for every argument a call takes (an id, a body, a query, a photo): any property of it is itself, and
 * in a path or a body it reads as 1.
 */
const anything: unknown = new Proxy({}, {
  get: (_target, key) => (key === Symbol.toPrimitive || key === 'toJSON' ? () => 1 : key === 'startsWith' ? () => false : anything),
});

/** Every function of a client, by its name ('articles.create'), however deeply the client groups them. */
function callsOf(client: object, prefix = ''): [string, (...args: unknown[]) => Promise<unknown>][] {
  return Object.entries(client).flatMap(([name, value]: [string, unknown]) => {
    if (typeof value === 'function') return [[`${prefix}${name}`, value as (...args: unknown[]) => Promise<unknown>]];
    return value && typeof value === 'object' ? callsOf(value, `${prefix}${name}.`) : [];
  });
}

/** The API client on a fetch that only records: every request is answered 504 with a job id, so a generation follows its job too. */
function recordingClient() {
  const requests: Request[] = [];
  const api = createApiClient({
    fetch: async (input, init) => {
      requests.push({ method: init?.method ?? 'GET', path: new URL(String(input), 'http://client.invalid').pathname });
      return Response.json({ error: 'Recorded', id: 'job' }, { status: 504 });
    },
  });
  return { api, requests };
}

/** The requests each call of a client makes; a call that makes none fails the test, as its stand-in arguments did not reach a request. */
async function requestsOf(client: object, requests: Request[]): Promise<Request[]> {
  const calls = callsOf(client);
  expect(calls.length).toBeGreaterThan(10);
  for (const [name, call] of calls) {
    const before = requests.length;
    await call(anything, anything).catch(() => undefined);
    expect(requests.length, name).toBeGreaterThan(before);
  }
  return requests;
}

describe('every request a client makes goes to a route the server declares', () => {
  it('every path of apiPaths (all read with GET)', () => {
    const paths = Object.values(apiPaths).map((path) => (typeof path === 'function' ? path(anything as never) : path));
    expect(paths.length).toBeGreaterThan(20);
    expect(undeclared(paths.map((path) => ({ method: 'GET', path: path.split('?')[0]! })))).toEqual([]);
  });

  it("every call of the API client, save get, refresh and request, which take their path from apiPaths and the admin client", async () => {
    const { api, requests } = recordingClient();
    const { get: _get, refresh: _refresh, request: _request, ...calls } = api;
    expect(undeclared(await requestsOf(calls, requests))).toEqual([]);
  });

  it('every call of the admin client (the PWA\'s admin screens and the desktop app)', async () => {
    const { api, requests } = recordingClient();
    expect(undeclared(await requestsOf(createAdminClient(api), requests))).toEqual([]);
    // The one address the admin screens download rather than call.
    expect(undeclared([{ method: 'GET', path: insightsCsvPath({ from: '2026-01-01' }).split('?')[0]! }])).toEqual([]);
  });
});
