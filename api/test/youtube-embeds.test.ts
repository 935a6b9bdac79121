import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { articleForm } from './support/fixtures.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';

const VIDEO = 'dQw4w9WgXcQ';
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);

/** YouTube's thumbnail host as a stand-in: one video has a thumbnail, every other id answers 404; it counts the asks. */
let asked: string[] = [];
const standIn = http.createServer((request, response) => {
  asked.push(request.url ?? '');
  if (request.url === `/vi/${VIDEO}/hqdefault.jpg`) response.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(JPEG);
  else response.writeHead(404).end();
});

let server: TestServer;
let anonymous: HttpClient;

beforeAll(async () => {
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  server = await startTestServer({ seed: false, env: { YOUTUBE_THUMB_BASE: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}` } });
  anonymous = new HttpClient(server.url);
}, 60_000);
afterAll(async () => {
  await server?.close();
  standIn.close();
});

describe('a YouTube video embedded in an article', () => {
  it('has its thumbnail fetched once by the server and served from the store', async () => {
    asked = [];
    const answers = await Promise.all([1, 2, 3].map(() => anonymous.get(`/api/youtube/thumbnails/${VIDEO}`)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/jpeg');
    }
    expect((await anonymous.get(`/api/youtube/thumbnails/${VIDEO}`)).status).toBe(200);
    expect(asked).toEqual([`/vi/${VIDEO}/hqdefault.jpg`]);
    expect((await anonymous.get('/api/youtube/thumbnails/kortid')).status).toBe(400);
    expect((await anonymous.get('/api/youtube/thumbnails/AAAAAAAAAAA')).status).toBe(404);
  });

  it('plays in the site\'s own frame, the one document whose policy allows YouTube\'s player; the article page allows only its own frames', async () => {
    const admin = (await signedInUser(server.url, server.db, { role: 'admin' })).client;
    const id = (await admin.post('/api/admin/articles', { ...articleForm('Med video'), content: `Se klippet:\n\nhttps://youtu.be/${VIDEO}` })).body.id as number;
    const page = await anonymous.get(`/article/${id}`);
    expect(page.status).toBe(200);
    const pageFrames = page.headers.get('content-security-policy')!.split('; ').find((d) => d.startsWith('frame-src '));
    expect(pageFrames).toBe("frame-src 'self'");
    // Nothing on the page loads from YouTube: the facade's picture is the server's own copy.
    expect(page.text).not.toMatch(/src="(https?:)?\/\/[^"]*(youtube|ytimg)/);
    expect(page.text).toContain(`/api/youtube/thumbnails/${VIDEO}`);

    const frame = await anonymous.get(`/embed/youtube/${VIDEO}`);
    expect(frame.status).toBe(200);
    const csp = frame.headers.get('content-security-policy')!;
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(frame.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(frame.text).toContain(`src="https://www.youtube-nocookie.com/embed/${VIDEO}?autoplay=1"`);
    expect((await anonymous.get('/embed/youtube/"><script>')).status).toBe(400);
  });
});
