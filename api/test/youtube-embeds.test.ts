import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_AN_IMAGE_VIDEO, THUMBNAIL_VIDEO, startYouTubeThumbnailStandIn } from './stand-ins/youtube-thumbnails.js';
import { HttpClient } from './support/http-client.js';
import { articleForm } from './support/fixtures.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';

let thumbnails: Awaited<ReturnType<typeof startYouTubeThumbnailStandIn>>;
let server: TestServer;
let anonymous: HttpClient;
let admin: HttpClient;

beforeAll(async () => {
  thumbnails = await startYouTubeThumbnailStandIn();
  server = await startTestServer({ seed: false, env: { YOUTUBE_THUMB_BASE: thumbnails.origin } });
  anonymous = new HttpClient(server.url);
  admin = (await signedInUser(server.url, server.db, { role: 'admin' })).client;
}, 60_000);
afterAll(async () => {
  await server?.close();
  await thumbnails?.close();
});

const thumbnail = (videoId: string) => fetch(`${server.url}/api/youtube/thumbnails/${videoId}`);
const asked = () => thumbnails.requests.map((request) => request.path);
const frameSources = (answer: { headers: Headers }) =>
  answer.headers.get('content-security-policy')!.split('; ').find((directive) => directive.startsWith('frame-src '));
const publish = async (title: string, content: string) => (await admin.post('/api/admin/articles', { ...articleForm(title), content })).body.id as number;

describe('the thumbnail of an embedded YouTube video', () => {
  it('is fetched by the server once, for all who ask at the same time, and then served from the store', async () => {
    thumbnails.requests.length = 0;
    const answers = await Promise.all([1, 2, 3].map(() => thumbnail(THUMBNAIL_VIDEO)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/jpeg');
      expect(answer.headers.get('cache-control')).toMatch(/^public, max-age=\d{5,}/);
      expect(Buffer.from(await answer.arrayBuffer()).equals(thumbnails.jpeg)).toBe(true);
    }
    const later = await thumbnail(THUMBNAIL_VIDEO);
    expect(later.status).toBe(200);
    expect(Buffer.from(await later.arrayBuffer()).equals(thumbnails.jpeg)).toBe(true);
    expect(asked()).toEqual([`/vi/${THUMBNAIL_VIDEO}/hqdefault.jpg`]);
  });

  it('is asked for only by an 11-character id', async () => {
    thumbnails.requests.length = 0;
    for (const videoId of ['kortid', `${THUMBNAIL_VIDEO}x`, 'dQw4w9WgXc%21', '..%2F..%2Fetc']) {
      expect((await anonymous.get(`/api/youtube/thumbnails/${videoId}`)).status, videoId).toBe(400);
    }
    expect(asked()).toEqual([]);
  });

  it('is not found when the provider has none, or answers something that is no image (and nothing is kept)', async () => {
    thumbnails.requests.length = 0;
    expect((await thumbnail('AAAAAAAAAAA')).status).toBe(404);
    expect((await thumbnail(NOT_AN_IMAGE_VIDEO)).status).toBe(404);
    expect((await thumbnail(NOT_AN_IMAGE_VIDEO)).status).toBe(404);
    expect(asked()).toEqual(['/vi/AAAAAAAAAAA/hqdefault.jpg', `/vi/${NOT_AN_IMAGE_VIDEO}/hqdefault.jpg`, `/vi/${NOT_AN_IMAGE_VIDEO}/hqdefault.jpg`]);
  });
});

describe("a page's security policy and YouTube's player", () => {
  it('allows the player on the page of an article that embeds a video, and on no other page', async () => {
    const withVideo = await publish('Med video', `Se klippet:\n\nhttps://youtu.be/${THUMBNAIL_VIDEO}`);
    const inFactBox = await publish('Video i faktaruta', `Text.\n\n:::factbox[Klippet]\nhttps://www.youtube.com/watch?v=${THUMBNAIL_VIDEO}\n:::`);
    const without = await publish('Utan video', 'Bara text.');

    for (const id of [withVideo, inFactBox]) {
      const page = await anonymous.get(`/article/${id}`);
      expect(page.status).toBe(200);
      expect(frameSources(page)).toBe('frame-src https://www.youtube-nocookie.com');
      // Nothing on the page loads from YouTube before the reader asks: the facade's picture is the server's own copy.
      expect(page.text).not.toMatch(/src="(https?:)?\/\/[^"]*(youtube|ytimg)/);
      expect(page.text).toContain(`/api/youtube/thumbnails/${THUMBNAIL_VIDEO}`);
    }
    for (const path of [`/article/${without}`, '/', '/news']) {
      expect(frameSources(await anonymous.get(path)), path).toBe("frame-src 'none'");
    }
  });

  it('keeps the allowance with the page from the page cache, on revalidation, and for a signed-in reader', async () => {
    const id = await publish('Video i cachen', `https://youtu.be/${THUMBNAIL_VIDEO}`);
    const first = await anonymous.get(`/article/${id}`);
    const cached = await anonymous.get(`/article/${id}`);
    expect(cached.text).toBe(first.text);
    expect(frameSources(cached)).toBe('frame-src https://www.youtube-nocookie.com');
    const revalidated = await anonymous.get(`/article/${id}`, { 'If-None-Match': first.headers.get('etag')! });
    expect(revalidated.status).toBe(304);
    expect(frameSources(revalidated)).toBe('frame-src https://www.youtube-nocookie.com');

    const signedIn = await admin.get(`/article/${id}`);
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    expect(frameSources(signedIn)).toBe('frame-src https://www.youtube-nocookie.com');
  });
});
