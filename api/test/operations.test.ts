import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { insertArticle } from './support/fixtures.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let client: HttpClient;
beforeAll(async () => {
  server = await startTestServer({ env: { METRICS_TOKEN: 'mätar-token-123' } });
  client = new HttpClient(server.url);
});
afterAll(async () => { await server?.close(); });

describe('health and readiness', () => {
  it('answers /healthz and /readyz with 200 while the process runs and the database answers', async () => {
    const health = await client.get('/healthz');
    expect(health.status).toBe(200);
    expect(health.headers.get('cache-control')).toBe('no-store');
    const ready = await client.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
  });
});

describe('request ids', () => {
  it('echoes a plain X-Request-Id and makes one when none, or a strange one, is given', async () => {
    expect((await client.get('/api/categories', { 'X-Request-Id': 'lb-4711.a' })).headers.get('x-request-id')).toBe('lb-4711.a');
    expect((await client.get('/api/categories')).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect((await client.get('/api/categories', { 'X-Request-Id': 'a b<script>' })).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('/metrics', () => {
  it('is refused without the bearer token and answers Prometheus text with it', async () => {
    expect((await client.get('/metrics')).status).toBe(401);
    expect((await client.get('/metrics', { Authorization: 'Bearer fel' })).status).toBe(401);
    const id = await insertArticle(server, { title: 'Mätbar artikel' });
    // Twice: the first is computed, the second comes from the response cache.
    await client.get(`/api/articles/${id}`);
    await client.get(`/api/articles/${id}`);
    const metrics = await client.get('/metrics', { Authorization: 'Bearer mätar-token-123' });
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = metrics.text;
    // Durations by route pattern, never by path: no article id appears as a label.
    expect(text).toMatch(/redaktion_http_request_duration_seconds_count\{method="GET",route="\/api\/articles\/:id",status="200"\} 2/);
    expect(text).not.toContain(`/api/articles/${id}"`);
    expect(text).toMatch(/redaktion_db_pool_connections\{state="used"\} \d+/);
    expect(text).toMatch(/redaktion_response_cache_lookups_total\{result="hit"\} [1-9]/);
    expect(text).toMatch(/redaktion_response_cache_hit_ratio 0\.\d+/);
    expect(text).toMatch(/redaktion_job_queue_depth \d+/);
    expect(text).toMatch(/redaktion_live_streams_open 0/);
    expect(text).toContain('process_resident_memory_bytes');
  });

  it("counts the live articles' event streams open now", async () => {
    const id = await insertArticle(server, { title: 'Just nu: mätbart', kind: 'live', liveStatus: 'live', coverageStartTime: new Date().toISOString() });
    const streams = await Promise.all([1, 2].map(async () => {
      const stop = new AbortController();
      const response = await fetch(`${server.url}/api/articles/${id}/live/stream`, { signal: stop.signal });
      expect(response.status).toBe(200);
      return stop;
    }));
    const open = async () => (await client.get('/metrics', { Authorization: 'Bearer mätar-token-123' })).text.match(/redaktion_live_streams_open (\d+)/)?.[1];
    expect(await open()).toBe('2');
    for (const stream of streams) stream.abort();
    await expect.poll(open).toBe('0');
  });

  it('does not exist when METRICS_TOKEN is not set', async () => {
    const plain = await startTestServer();
    try {
      const response = await fetch(`${plain.url}/metrics`, { headers: { Authorization: 'Bearer anything' } });
      expect(response.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
