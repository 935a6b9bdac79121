import { parseFeed } from 'podcast-partytime';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Episode } from '@redaktion/shared';
import { HttpClient } from './support/http-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';

let server: TestServer;
let admin: HttpClient;
/** Podcast apps: no cookie. */
let anonymous: HttpClient;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  admin = (await signedInUser(server.url, server.db, { role: 'admin' })).client;
  anonymous = new HttpClient(server.url);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/**
 * The Podcasting 2.0 JSON chapters format as its specification states it
 * (github.com/Podcastindex-org/podcast-namespace, chapters/jsonChapters.md): written from the specification, not from
 * our own schema, so that our answer is checked against what podcast apps read.
 */
const podcastingChapters = z.object({
  version: z.string().regex(/^\d+\.\d+\.\d+$/),
  title: z.string().optional(),
  podcastName: z.string().optional(),
  chapters: z.array(z.object({
    startTime: z.number().nonnegative(),
    title: z.string().optional(),
    img: z.url().optional(),
    url: z.url().optional(),
    toc: z.boolean().optional(),
  }).strict()),
}).strict();

/** A published free episode of an active series, with audio, from the demo content. */
async function seriesEpisode(): Promise<{ id: number; seriesId: number; duration: number }> {
  return (await server.db('podcasts').join('podcast_series', 'podcast_series.id', 'podcasts.series_id')
    .where({ 'podcasts.status': 'published', 'podcasts.premium': false, 'podcast_series.active': true }).whereNotNull('podcasts.audio_file')
    .orderBy('podcasts.id').first('podcasts.id', 'podcasts.series_id as seriesId', 'podcasts.duration')) as { id: number; seriesId: number; duration: number };
}

/** Saves the episode as the admin's form does: the item as GET answers it, with the chapters given. */
async function saveChapters(id: number, chapters: unknown) {
  const { body } = await admin.get(`/api/admin/podcasts/${id}`);
  return admin.request('PUT', `/api/admin/podcasts/${id}`, { ...(body as object), chapters });
}

describe('an episode\'s chapters (contract §9 [voice])', () => {
  it('are edited in the admin, carried by the episode, served as Podcasting 2.0 JSON and linked in the feed', async () => {
    const episode = await seriesEpisode();
    // Within the demo episode, however long it is; the middle one a fraction of a second in.
    const [second, third] = [Math.round(episode.duration * 0.3) + 0.5, Math.round(episode.duration * 0.6)];
    const chapters = [
      { startTime: 0, title: 'Inledning' },
      { startTime: second, title: 'Intervjun', url: 'https://www.riksdagen.se/sv/', img: '/uploads/images/kapitel.jpg' },
      { startTime: third, title: 'Läsarfrågor', url: `/article/1` },
    ];
    const saved = await saveChapters(episode.id, chapters);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((saved.body as Episode).chapters).toEqual(chapters);
    expect(((await anonymous.get(`/api/podcasts/${episode.id}`)).body as Episode).chapters).toEqual(chapters);

    const served = await anonymous.get(`/feeds/chapters/${episode.id}.json`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/json+chapters; charset=utf-8');
    const document = podcastingChapters.parse(served.body);
    expect(document.chapters).toEqual([
      { startTime: 0, title: 'Inledning' },
      { startTime: second, title: 'Intervjun', url: 'https://www.riksdagen.se/sv/', img: `${server.url}/uploads/images/kapitel.jpg` },
      { startTime: third, title: 'Läsarfrågor', url: `${server.url}/article/1` },
    ]);

    const feed = parseFeed((await anonymous.get(`/feeds/podcast-series/${episode.seriesId}.xml`)).text)!;
    const item = feed.items.find((entry) => entry.link === `${server.url}/podcast/${episode.id}`)!;
    expect(item.podcastChapters).toEqual({ url: `${server.url}/feeds/chapters/${episode.id}.json`, type: 'application/json+chapters' });
    // An episode without chapters links none.
    const withChapters = (await server.db('podcasts').whereNotNull('chapters').select('id')).map((row: { id: number }) => `${server.url}/podcast/${row.id}`);
    for (const entry of feed.items) expect(Boolean(entry.podcastChapters), entry.link).toBe(withChapters.includes(entry.link!));

    // Left out, an edit keeps them; [] takes them away, and the address answers 404.
    const { chapters: _kept, ...withoutChapters } = (await admin.get(`/api/admin/podcasts/${episode.id}`)).body as Episode;
    expect(((await admin.request('PUT', `/api/admin/podcasts/${episode.id}`, withoutChapters)).body as Episode).chapters).toEqual(chapters);
    expect(((await saveChapters(episode.id, [])).body as Episode).chapters).toEqual([]);
    expect((await anonymous.get(`/feeds/chapters/${episode.id}.json`)).status).toBe(404);
  });

  it('are refused with the field named when out of order, past the end, or leading where the body may not', async () => {
    const episode = await seriesEpisode();
    const refusals: [unknown, string, string][] = [
      [[{ startTime: 30, title: 'B' }, { startTime: 10, title: 'A' }], 'chapters.1.startTime', 'Chapters must start in order, each after the one before'],
      [[{ startTime: episode.duration + 1, title: 'Efter slutet' }], 'chapters.0.startTime', 'A chapter must start before the episode ends'],
      [[{ startTime: 0, title: '  ' }], 'chapters.0.title', 'A chapter needs a title'],
      [[{ startTime: 0, title: 'X', url: 'javascript:alert(1)' }], 'chapters.0.url', 'url must be an http(s) or mailto: address or a path on the site'],
      [[{ startTime: 0, title: 'X', url: '//elsewhere.example/' }], 'chapters.0.url', 'url must be an http(s) or mailto: address or a path on the site'],
      [[{ startTime: 0, title: 'X', img: 'https://elsewhere.example/a.jpg' }], 'chapters.0.img', 'img must be an image in the site\'s own store (/uploads/…)'],
      [[{ startTime: -1, title: 'X' }], 'chapters.0.startTime', 'startTime must be 0 or more'],
      [[{ startTime: 0, title: 'X', colour: 'red' }], 'chapters.0', 'Unrecognized key: "colour"'],
      ['kapitel', 'chapters', 'chapters must be a list'],
    ];
    for (const [chapters, path, message] of refusals) {
      const refused = await saveChapters(episode.id, chapters);
      expect(refused.status, JSON.stringify(chapters)).toBe(400);
      expect(refused.body.issues, JSON.stringify(chapters)).toContainEqual({ path, message });
    }
    expect(((await anonymous.get(`/api/podcasts/${episode.id}`)).body as Episode).chapters).toEqual([]);
  });

  it('of a draft are not served', async () => {
    const episode = await seriesEpisode();
    await saveChapters(episode.id, [{ startTime: 0, title: 'Utkast' }]);
    expect((await admin.request('PUT', `/api/admin/podcasts/${episode.id}`, { status: 'draft' })).status).toBe(200);
    await server.contentChanged();
    expect((await anonymous.get(`/feeds/chapters/${episode.id}.json`)).status).toBe(404);
    expect((await admin.request('PUT', `/api/admin/podcasts/${episode.id}`, { status: 'published' })).status).toBe(200);
    expect((await anonymous.get(`/feeds/chapters/${episode.id}.json`)).status).toBe(200);
  });
});
