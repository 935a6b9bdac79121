import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';

let server: TestServer;
let admin: HttpClient;
let adminId: number;
const anonymous = () => new HttpClient(server.url);

beforeAll(async () => {
  server = await startTestServer();
  const user = await signedInUser(server.url, server.db, { role: 'admin' });
  admin = user.client;
  adminId = user.id;
  await server.db('users').where({ id: adminId }).update({ firstName: 'Ingrid', lastName: 'Redaktör' });
});
afterAll(async () => { await server?.close(); });

const article = (overrides: Record<string, unknown> = {}) => ({
  title: 'Riksdagen röstar om klimatlagen', content: 'Första stycket.\n\nAndra stycket.', excerpt: 'En kort ingress.',
  category: 'politics', author: 'Karin Ek', readTime: 4, status: 'published', ...overrides,
});

async function series(title = 'Morgonpodden') {
  const response = await admin.post('/api/admin/podcast-series', { title, description: 'Dagliga nyheter', imageUrl: '/uploads/images/x.png', category: 'news' });
  expect(response.status).toBe(201);
  return response.body.id as number;
}

/** An audio file uploaded the way the admin form does, answering its private URL. */
async function uploadedAudio(): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([Buffer.concat([Buffer.from('ID3'), Buffer.alloc(3000, 1)])]), 'avsnitt.mp3');
  const response = await fetch(`${server.url}/api/upload`, {
    method: 'POST', body: form, headers: { Cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

describe('articles', () => {
  it('creates, lists every status, updates and deletes', async () => {
    const created = await admin.post('/api/admin/articles', article({ status: 'draft' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.any(Number), status: 'draft', publishedAt: null, readTime: 4, featured: false });
    const id = created.body.id;
    expect((await admin.get('/api/admin/articles')).body.map((a: { id: number }) => a.id)).toContain(id);
    expect((await anonymous().get(`/api/articles/${id}`)).status).toBe(404);

    const updated = await admin.request('PUT', `/api/admin/articles/${id}`, article({ title: 'Ny rubrik', status: 'published' }));
    expect(updated.status).toBe(200);
    expect(updated.body.title).toBe('Ny rubrik');
    expect(updated.body.publishedAt).not.toBeNull();
    // The public list reflects the write at once, though its answers are cached.
    expect((await anonymous().get('/api/articles?limit=5')).body[0].id).toBe(id);

    expect((await admin.delete(`/api/admin/articles/${id}`)).status).toBe(204);
    expect((await admin.delete(`/api/admin/articles/${id}`)).status).toBe(404);
    expect((await admin.request('PUT', `/api/admin/articles/${id}`, article())).status).toBe(404);
    expect((await anonymous().get(`/api/articles/${id}`)).status).toBe(404);
  });

  it.each([
    ['title', 'Title is required'],
    ['content', 'Content is required'],
    ['excerpt', 'Excerpt is required'],
    ['category', 'Category is required'],
    ['author', 'Author is required'],
  ])('answers %s missing or blank with the spec message', async (field, message) => {
    for (const value of [undefined, '', '   ']) {
      const response = await admin.post('/api/admin/articles', article({ [field]: value }));
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(message);
      expect(response.body.issues).toContainEqual({ path: field, message });
    }
  });

  it('keeps read time within 1 to 60, defaulting to 5, and knows the categories', async () => {
    expect((await admin.post('/api/admin/articles', article({ readTime: 0 }))).body.error).toBe('Read time must be at least 1 minute');
    expect((await admin.post('/api/admin/articles', article({ readTime: 61 }))).body.error).toBe('Read time must be at most 60 minutes');
    expect((await admin.post('/api/admin/articles', article({ readTime: undefined }))).body.readTime).toBe(5);
    const unknown = await admin.post('/api/admin/articles', article({ category: 'sport' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues[0].path).toBe('category');
    expect((await admin.post('/api/admin/articles', article({ status: 'live' }))).status).toBe(400);
    expect((await admin.post('/api/admin/articles', article({ imageUrl: 'javascript:alert(1)' }))).status).toBe(400);
  });

  it.each(['//evil.example/bild.jpg', '/\\evil.example/bild.jpg', '/uploads/a\\..\\b.jpg', '\\\\evil.example\\x.jpg'])(
    'refuses the image URL %s', async (imageUrl) => {
      const refused = await admin.post('/api/admin/articles', article({ imageUrl }));
      expect(refused.status).toBe(400);
      expect(refused.body.issues[0]).toMatchObject({ path: 'imageUrl', message: 'Image must be an uploaded file or an http(s) URL' });
      expect((await admin.post('/api/admin/articles', article({ imageUrl: '/uploads/images/a.jpg' }))).status).toBe(201);
    },
  );

  it('empties optional fields a replacing PUT leaves out or sends blank', async () => {
    const created = await admin.post('/api/admin/articles', article({ imageUrl: '/uploads/images/a.png', authorTitle: 'Reporter', imageCredit: 'Foto: X' }));
    expect(created.body.authorTitle).toBe('Reporter');
    const replaced = await admin.request('PUT', `/api/admin/articles/${created.body.id}`, article({ imageUrl: '', authorTitle: '' }));
    expect(replaced.status).toBe(200);
    expect([replaced.body.imageUrl, replaced.body.authorTitle, replaced.body.imageCredit]).toEqual([null, null, null]);

    const ad = await admin.post('/api/admin/advertisements', { title: 'Annons', description: 'Text', linkUrl: 'https://example.se', endDate: '2030-01-01' });
    const adReplaced = await admin.request('PUT', `/api/admin/advertisements/${ad.body.id}`, { title: 'Annons', description: 'Text' });
    expect([adReplaced.body.linkUrl, adReplaced.body.endDate]).toEqual([null, null]);
  });

  it('keeps a single featured article', async () => {
    const first = (await admin.post('/api/admin/articles', article({ featured: true }))).body.id;
    const second = (await admin.post('/api/admin/articles', article({ featured: true, title: 'Andra toppnyheten' }))).body.id;
    const featured = await server.db('articles').where({ featured: true }).pluck('id');
    expect(featured).toEqual([second]);
    expect(first).not.toBe(second);
    expect((await anonymous().get('/api/articles/featured')).body[0].id).toBe(second);
  });

  it('schedules an article with a future publishedAt', async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const id = (await admin.post('/api/admin/articles', article({ publishedAt: future }))).body.id;
    expect((await anonymous().get(`/api/articles/${id}`)).status).toBe(404);
    expect((await admin.get(`/api/articles/${id}`)).status).toBe(200);
  });
});

describe('podcast series and episodes', () => {
  it('validates a series with the spec messages and refuses to delete one with episodes', async () => {
    for (const [field, message] of [['title', 'Series title is required'], ['description', 'Description is required'], ['imageUrl', 'Cover image is required']]) {
      const response = await admin.post('/api/admin/podcast-series', { title: 'T', description: 'D', imageUrl: '/uploads/images/c.png', [field!]: '' });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(message);
    }
    expect((await admin.post('/api/admin/podcast-series', { title: 'T', description: 'D', imageUrl: '/u/c.png', category: 'sport' })).status).toBe(400);
    const seriesId = await series('Serie med avsnitt');
    const episode = await admin.post('/api/admin/podcasts', {
      title: 'Avsnitt 1', description: 'Om veckan', duration: 1800, seriesId, audioUrl: await uploadedAudio(),
    });
    expect(episode.status).toBe(201);
    // A whole episode without its series is told what is missing, not that its valid fields are unknown.
    const withoutSeries = await admin.request('PUT', `/api/admin/podcasts/${episode.body.id}`, {
      title: 'Avsnitt 1', description: 'Om veckan', duration: 1800, audioUrl: episode.body.audioUrl, status: 'published',
    });
    expect(withoutSeries.status).toBe(400);
    expect(withoutSeries.body.error).toBe('Please select a podcast series');
    expect(withoutSeries.body.issues).toEqual([{ path: 'seriesId', message: 'Please select a podcast series' }]);
    // The same for the desktop app's way: the item as GET answers it, sent back whole without its series.
    const { seriesId: _left, ...fetched } = (await admin.get(`/api/admin/podcasts/${episode.body.id}`)).body as Record<string, unknown>;
    const fetchedWithoutSeries = await admin.request('PUT', `/api/admin/podcasts/${episode.body.id}`, fetched);
    expect(fetchedWithoutSeries.status).toBe(400);
    expect(fetchedWithoutSeries.body.issues).toEqual([{ path: 'seriesId', message: 'Please select a podcast series' }]);
    // The editor's list counts episodes in every status (this one is a draft).
    expect((await admin.request('PUT', `/api/admin/podcasts/${episode.body.id}`, { status: 'draft' })).body.status).toBe('draft');
    const listed = (await admin.get('/api/admin/podcast-series')).body as { id: number; episodeCount: number }[];
    expect(listed.find((row) => row.id === seriesId)?.episodeCount).toBe(1);
    // Deliberate: a series that still has episodes is not deleted (409), so no episode is lost or orphaned.
    const refused = await admin.delete(`/api/admin/podcast-series/${seriesId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/still has 1 episode/);
    expect((await admin.delete(`/api/admin/podcasts/${episode.body.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/admin/podcast-series/${seriesId}`)).status).toBe(204);
    expect((await admin.delete(`/api/admin/podcast-series/${seriesId}`)).status).toBe(404);
  });

  it('updates a series and lists inactive ones for admins only', async () => {
    const seriesId = await series('Vilande serie');
    const updated = await admin.request('PUT', `/api/admin/podcast-series/${seriesId}`, {
      title: 'Vilande serie', description: 'Pausad', imageUrl: '/uploads/images/c.png', category: 'culture', active: false,
    });
    expect(updated.body).toMatchObject({ active: false, category: 'culture' });
    expect((await admin.get('/api/admin/podcast-series')).body.map((s: { id: number }) => s.id)).toContain(seriesId);
    expect((await anonymous().get(`/api/podcast-series/${seriesId}`)).status).toBe(404);
    const refused = await admin.post('/api/admin/podcasts', { title: 'X', description: 'Y', duration: 60, seriesId, audioUrl: await uploadedAudio() });
    expect(refused.status).toBe(400);
    expect(refused.body.issues[0].path).toBe('seriesId');
  });

  it('creates an episode in seconds with episode number 1 by default, playable publicly', async () => {
    const seriesId = await series();
    const response = await admin.post('/api/admin/podcasts', {
      title: 'Veckans nyheter', description: 'Sammanfattning', duration: 1500, seriesId, audioUrl: await uploadedAudio(), category: 'news',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ kind: 'episode', duration: 1500, episodeNumber: 1, status: 'published', seriesId });
    expect(response.body.audioUrl).toBe(`/api/podcasts/${response.body.id}/audio`);
    const audio = await fetch(server.url + response.body.audioUrl);
    expect(audio.status).toBe(200);
    expect(Buffer.from(await audio.arrayBuffer()).subarray(0, 3).toString()).toBe('ID3');
  });

  it.each([
    [{ title: '' }, 'title', 'Episode title is required'],
    [{ description: undefined }, 'description', 'Description is required'],
    [{ duration: 0 }, 'duration', 'Duration must be greater than 0'],
    [{ episodeNumber: 0 }, 'episodeNumber', 'Episode number is required'],
    [{ audioUrl: '' }, 'audioUrl', 'Audio file is required'],
    [{ audioUrl: '/uploads/not-an-upload.mp3' }, 'audioUrl', 'Audio file is required'],
    [{ seriesId: undefined }, 'seriesId', 'Please select a podcast series'],
    [{ seriesId: 0 }, 'seriesId', 'Please select a podcast series'],
    [{ seriesId: 999999 }, 'seriesId', 'Please select a podcast series'],
  ])('refuses an episode with %j: %s', async (overrides, path, message) => {
    const seriesId = await series();
    const response = await admin.post('/api/admin/podcasts', {
      title: 'T', description: 'D', duration: 60, seriesId, audioUrl: await uploadedAudio(), ...overrides,
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
    expect(response.body.issues[0].path).toBe(path);
  });

  it('lets an interview stand alone, with its own messages, and changes only its status from the card', async () => {
    const missing = await admin.post('/api/admin/podcasts', { kind: 'interview', title: '', description: 'D', duration: 5 });
    expect(missing.body.error).toBe('Title is required');
    expect((await admin.post('/api/admin/podcasts', { kind: 'interview', title: 'T', description: 'D' })).body.error).toBe('Duration is required');
    const interview = await admin.post('/api/admin/podcasts', { kind: 'interview', title: 'Samtal med Elsa', description: 'Om skogen', duration: 2400 });
    expect(interview.status).toBe(201);
    expect(interview.body).toMatchObject({ kind: 'interview', seriesId: null, status: 'published', audioUrl: null });
    expect((await anonymous().get('/api/podcasts/interviews')).body.map((e: { id: number }) => e.id)).toContain(interview.body.id);

    const drafted = await admin.request('PUT', `/api/admin/podcasts/${interview.body.id}`, { status: 'draft' });
    expect(drafted.status).toBe(200);
    expect(drafted.body).toMatchObject({ status: 'draft', title: 'Samtal med Elsa', duration: 2400 });
    expect((await anonymous().get(`/api/podcasts/${interview.body.id}`)).status).toBe(404);
    expect((await admin.request('PUT', `/api/admin/podcasts/${interview.body.id}`, { status: 'gone' })).status).toBe(400);
  });

  it('keeps the audio file when an episode is edited with its public audio URL', async () => {
    const seriesId = await series();
    const created = (await admin.post('/api/admin/podcasts', { title: 'A', description: 'B', duration: 60, seriesId, audioUrl: await uploadedAudio() })).body;
    const edited = await admin.request('PUT', `/api/admin/podcasts/${created.id}`, {
      title: 'A2', description: 'B', duration: 90, episodeNumber: 2, seriesId, audioUrl: created.audioUrl, premium: true,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'A2', episodeNumber: 2, premium: true, audioUrl: created.audioUrl });
    expect((await anonymous().get(`/api/podcasts/${created.id}`)).body.audioUrl).toBeNull();
  });
});

describe('advertisements', () => {
  const ad = (overrides: Record<string, unknown> = {}) => ({
    title: 'Vårkampanj', description: 'Rabatt på cyklar', placement: 'sidebar', linkUrl: 'https://cykel.example/var', partnerName: 'Cykelbolaget', ...overrides,
  });

  it('validates with the spec messages, both placement readings and http(s) links only', async () => {
    expect((await admin.post('/api/admin/advertisements', ad({ title: ' ' }))).body.error).toBe('Title is required');
    expect((await admin.post('/api/admin/advertisements', ad({ description: '' }))).body.error).toBe('Description is required');
    expect((await admin.post('/api/admin/advertisements', ad({ linkUrl: 'javascript:alert(1)' }))).status).toBe(400);
    expect((await admin.post('/api/admin/advertisements', ad({ placement: 'popup' }))).status).toBe(400);
    for (const placement of ['banner', 'sidebar', 'inline', 'hero', 'article-top', 'article-middle', 'article-bottom', 'footer', 'newsletter']) {
      expect((await admin.post('/api/admin/advertisements', ad({ placement }))).status, placement).toBe(201);
    }
    const ends = await admin.post('/api/admin/advertisements', ad({ startDate: '2026-05-01', endDate: '2026-04-01' }));
    expect(ends.body.error).toBe('End date must be after the start date');
  });

  it('starts today, counts impressions and clicks, edits dates, and hides ended ads', async () => {
    const created = await admin.post('/api/admin/advertisements', ad());
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(new Date(created.body.startDate).toDateString()).toBe(new Date().toDateString());
    expect((await anonymous().post(`/api/advertisements/${id}/impression`)).status).toBe(204);
    expect((await anonymous().post(`/api/advertisements/${id}/impression`)).status).toBe(204);
    const click = await anonymous().get(`/api/advertisements/${id}/click`);
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toBe('https://cykel.example/var');
    const listed = (await admin.get('/api/admin/advertisements?limit=100')).body.find((a: { id: number }) => a.id === id);
    expect(listed).toMatchObject({ impressions: 2, clicks: 1 });

    const ended = await admin.request('PUT', `/api/admin/advertisements/${id}`, ad({ startDate: '2026-01-01', endDate: '2026-02-01' }));
    expect(ended.status).toBe(200);
    expect((await anonymous().get('/api/advertisements?limit=100')).body.map((a: { id: number }) => a.id)).not.toContain(id);
    expect((await anonymous().post(`/api/advertisements/${id}/impression`)).status).toBe(404);
    expect((await admin.delete(`/api/admin/advertisements/${id}`)).status).toBe(204);
  });
});

describe('journalists', () => {
  it('adds, edits and deletes staff, with the spec messages', async () => {
    expect((await admin.post('/api/admin/journalists', { name: '', email: 'a@b.se' })).body.error).toBe('Name is required');
    expect((await admin.post('/api/admin/journalists', { name: 'Anna', email: 'nope' })).body.error).toBe('Valid email required');
    const created = await admin.post('/api/admin/journalists', {
      name: 'Anna Berg', email: 'anna@redaktion.example', title: 'Reporter', specialty: 'Klimat', status: 'freelance', expertise: ['klimat', 'energi'],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'freelance', active: true, expertise: ['klimat', 'energi'], socialLinks: {} });
    expect((await admin.post('/api/admin/journalists', { name: 'Dubblett', email: 'ANNA@redaktion.example' })).status).toBe(409);
    const updated = await admin.request('PUT', `/api/admin/journalists/${created.body.id}`, { name: 'Anna Berg', email: 'anna@redaktion.example', status: 'inactive' });
    expect(updated.body).toMatchObject({ status: 'inactive', active: false });
    expect((await admin.delete(`/api/admin/journalists/${created.body.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/admin/journalists/${created.body.id}`)).status).toBe(404);
  });
});

describe('people profiles', () => {
  const profile = (overrides: Record<string, unknown> = {}) => ({
    name: 'Elsa Lindqvist', title: 'Forskaren som räknar fjällrävar', category: 'people', excerpt: 'En ingress.', content: 'Lång text.\n\nOm allt.',
    profileImage: '/uploads/images/elsa.png', author: 'Karin Ek', readTime: 6, status: 'published', location: 'Umeå', birthDate: '1984-03-02',
    achievements: ['Polarpriset 2024'], photoGallery: ['/uploads/images/a.png'], socialLinks: { instagram: 'https://www.instagram.com/elsa' }, ...overrides,
  });

  it.each([
    ['name', 'Name is required'], ['title', 'Article title is required'], ['category', 'Category is required'],
    ['excerpt', 'Article excerpt is required'], ['content', 'Article content is required'], ['profileImage', 'Profile image is required'],
    ['author', 'Author is required'], ['readTime', 'Read time is required'],
  ])('answers %s missing with the spec message', async (field, message) => {
    const response = await admin.post('/api/admin/people-profiles', profile({ [field]: undefined }));
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
  });

  it('creates a profile with every field the reader page shows, edits and deletes it', async () => {
    const created = await admin.post('/api/admin/people-profiles', profile());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ bio: 'Lång text.\n\nOm allt.', achievements: ['Polarpriset 2024'], birthDate: '1984-03-02', location: 'Umeå' });
    const id = created.body.id;
    expect((await anonymous().get(`/api/people/${id}`)).body.name).toBe('Elsa Lindqvist');
    const edited = await admin.request('PUT', `/api/admin/people-profiles/${id}`, profile({ status: 'draft', bio: 'Ny text', content: undefined }));
    expect(edited.body).toMatchObject({ status: 'draft', bio: 'Ny text' });
    expect((await anonymous().get(`/api/people/${id}`)).status).toBe(404);
    expect((await admin.get('/api/admin/people-profiles')).body.map((p: { id: number }) => p.id)).toContain(id);
    expect((await admin.delete(`/api/admin/people-profiles/${id}`)).status).toBe(204);
    expect((await admin.post('/api/admin/people-profiles', profile({ socialLinks: { twitter: 'javascript:x' } }))).status).toBe(400);
  });
});

describe('categories', () => {
  it('adds, renames, deactivates and removes, refusing blank and duplicate names and an edit of nothing', async () => {
    expect((await admin.post('/api/admin/categories', { name: '  ' })).body.error).toBe('Category name is required');
    const created = await admin.post('/api/admin/categories', { name: 'Sport & Fritid' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug: 'sport-fritid', active: true });
    expect((await admin.post('/api/admin/categories', { name: 'sport & fritid' })).status).toBe(409);
    expect((await admin.post('/api/admin/categories', { name: 'Politics' })).status).toBe(409);
    // An edit must change something: nothing, or only fields the API does not know, is refused with those it does.
    for (const nothing of [{}, { title: 'Sport' }]) {
      const refused = await admin.request('PUT', `/api/admin/categories/${created.body.id}`, nothing);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('Nothing to change: send name, description, color, or active');
    }
    const renamed = await admin.request('PUT', `/api/admin/categories/${created.body.id}`, { name: 'Sport' });
    expect(renamed.body).toMatchObject({ name: 'Sport', slug: 'sport-fritid' });
    expect((await anonymous().get('/api/categories')).body.map((c: { slug: string }) => c.slug)).toContain('sport-fritid');
    expect((await admin.post('/api/admin/articles', article({ category: 'sport-fritid' }))).status).toBe(201);

    // In use: deactivated, not removed; it then no longer validates new articles.
    expect((await admin.delete(`/api/admin/categories/${created.body.id}`)).status).toBe(204);
    const after = (await admin.get('/api/admin/categories')).body.find((c: { id: number }) => c.id === created.body.id);
    expect(after.active).toBe(false);
    expect((await admin.post('/api/admin/articles', article({ category: 'sport-fritid' }))).status).toBe(400);

    const unused = (await admin.post('/api/admin/categories', { name: 'Väder' })).body;
    expect((await admin.delete(`/api/admin/categories/${unused.id}`)).status).toBe(204);
    expect((await admin.get('/api/admin/categories')).body.map((c: { id: number }) => c.id)).not.toContain(unused.id);
  });
});

describe('the approval workflow', () => {
  it('lists pending items with title, type and submitter, and approval publishes', async () => {
    const pending = (await admin.post('/api/admin/articles', article({ title: 'Väntar på granskning', status: 'pending' }))).body;
    expect(pending.publishedAt).toBeNull();
    // Saving again as pending keeps one open approval.
    await admin.request('PUT', `/api/admin/articles/${pending.id}`, article({ title: 'Väntar på granskning', status: 'pending' }));
    const list = (await admin.get('/api/admin/approvals/pending')).body.filter((a: { contentId: number; contentType: string }) =>
      a.contentType === 'article' && a.contentId === pending.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ title: 'Väntar på granskning', submittedBy: adminId, submittedByName: 'Ingrid Redaktör', status: 'pending', comments: null });

    const decided = await admin.patch(`/api/admin/approvals/${list[0].id}`, { id: list[0].id, status: 'approved', comments: 'Bra!' });
    expect(decided.status).toBe(200);
    const published = (await anonymous().get(`/api/articles/${pending.id}`)).body;
    expect(published.status).toBe('published');
    expect(published.publishedAt).not.toBeNull();
    const row = await server.db('content_approvals').where({ id: list[0].id }).first();
    expect(row).toMatchObject({ status: 'approved', reviewedBy: adminId, comments: 'Bra!' });
    expect(row.reviewedAt).toBeTruthy();
    expect((await admin.patch(`/api/admin/approvals/${list[0].id}`, { status: 'rejected' })).status).toBe(409);
  });

  it('rejection returns the item to draft and keeps the comment; episodes and profiles take part', async () => {
    const seriesId = await series();
    const episode = (await admin.post('/api/admin/podcasts', {
      title: 'Granskas', description: 'D', duration: 60, seriesId, audioUrl: await uploadedAudio(), status: 'pending',
    })).body;
    const profile = (await admin.post('/api/admin/people-profiles', {
      name: 'Per Holm', title: 'Titel', category: 'people', excerpt: 'E', content: 'C', profileImage: '/uploads/images/p.png', author: 'A', readTime: 3, status: 'pending',
    })).body;
    const open = (await admin.get('/api/admin/approvals/pending')).body;
    const forEpisode = open.find((a: { contentType: string; contentId: number }) => a.contentType === 'podcast' && a.contentId === episode.id);
    const forProfile = open.find((a: { contentType: string; contentId: number }) => a.contentType === 'profile' && a.contentId === profile.id);
    expect(forEpisode.title).toBe('Granskas');
    expect(forProfile.title).toBe('Per Holm');

    await admin.patch(`/api/admin/approvals/${forEpisode.id}`, { status: 'rejected', comments: 'Ljudet brusar' });
    expect((await admin.get('/api/admin/podcasts')).body.find((e: { id: number }) => e.id === episode.id).status).toBe('draft');
    expect((await server.db('content_approvals').where({ id: forEpisode.id }).first()).comments).toBe('Ljudet brusar');
    expect((await admin.patch(`/api/admin/approvals/${forProfile.id}`, { status: 'maybe' })).status).toBe(400);
    expect((await admin.patch('/api/admin/approvals/999999', { status: 'approved' })).status).toBe(404);
  });

  it('closes the open approval when an edit moves the item off pending, and deleting removes it', async () => {
    const item = (await admin.post('/api/admin/articles', article({ status: 'pending' }))).body;
    await admin.request('PUT', `/api/admin/articles/${item.id}`, article({ status: 'published' }));
    const closed = await server.db('content_approvals').where({ contentType: 'article', contentId: item.id }).first();
    expect(closed).toMatchObject({ status: 'approved', reviewedBy: adminId });

    const other = (await admin.post('/api/admin/articles', article({ status: 'pending' }))).body;
    expect((await admin.delete(`/api/admin/articles/${other.id}`)).status).toBe(204);
    expect(await server.db('content_approvals').where({ contentType: 'article', contentId: other.id })).toEqual([]);
  });
});
