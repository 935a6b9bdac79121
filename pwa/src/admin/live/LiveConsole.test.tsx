import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminArticle, LiveEntry, LiveEntryInput, LiveEntryUpdate } from '@redaktion/shared';
import { installEditorDomStubs, paste } from '../articles/editor/editor-testing';
import { article } from '../test/fixtures';
import { installDialogPolyfill, renderAdmin, resetAdminScreens, staffUser } from '../test/render';
import type { LiveOutbox, QueuedLiveEntry } from '../platform';
import { LiveConsole } from './LiveConsole';
import { LIVE_POLL_MS } from './use-live-entries';
import { parseArticle } from '@redaktion/shared/content';

beforeAll(async () => {
  installDialogPolyfill();
  installEditorDomStubs();
  // The editor is a chunk of its own, loaded when the console opens: loaded once here, so that no test waits on it.
  await import('../articles/editor/ArticleBodyEditor');
});
afterEach(resetAdminScreens);

const LIVE: AdminArticle = {
  ...article(7, 'Stormen Amy'), status: 'published', publishedAt: '2026-03-02T06:00:00.000Z', kind: 'live', liveStatus: 'live',
  coverageStartTime: '2026-03-02T06:00:00.000Z', clientId: null,
};

/**
 * The API's side of one live article, for the console's tests: entries with a sequence of changes the cursor points
 * into (posts, edits and deletes by anyone), `clientId` answered once, and ended coverage refused with 409.
 */
function liveApi(initial: Partial<LiveEntry>[] = [], articleAnswer: AdminArticle = LIVE) {
  let clock = Date.parse('2026-03-02T08:00:00.000Z');
  const stamp = () => new Date(clock += 60_000).toISOString();
  let nextId = 1;
  const entries = new Map<number, LiveEntry>();
  const changes: { id: number; deleted: boolean }[] = [];
  const byClient = new Map<string, LiveEntry>();
  const state = { status: articleAnswer.liveStatus ?? 'live', offline: false, article: articleAnswer };
  const calls: { method: string; path: string; body: unknown }[] = [];
  const put = (entry: LiveEntry) => {
    if (entry.pinned) {
      for (const other of entries.values()) {
        if (other.pinned && other.id !== entry.id) {
          entries.set(other.id, { ...other, pinned: false, updatedAt: entry.updatedAt });
          changes.push({ id: other.id, deleted: false });
        }
      }
    }
    entries.set(entry.id, entry);
    changes.push({ id: entry.id, deleted: false });
    return entry;
  };
  const post = (body: LiveEntryInput, author = 'Rut Redaktör') => {
    const createdAt = stamp();
    return put({
      id: nextId++, createdAt, updatedAt: createdAt, title: body.title ?? null, content: body.content, html: '', body: parseArticle(body.content), keyEvent: !!body.keyEvent,
      pinned: !!body.pinned, author: { name: author },
    });
  };
  for (const entry of initial) post({ content: entry.content ?? 'Text', title: entry.title, pinned: entry.pinned, keyEvent: entry.keyEvent }, entry.author?.name);
  const newestFirst = () => [...entries.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const json = (status: number, body?: unknown) =>
    new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname + url.search, body });
    if (state.offline && method !== 'GET') throw new TypeError('Failed to fetch');
    const route = `${method} ${url.pathname}`;
    const entryId = Number(/\/entries\/(\d+)$/.exec(url.pathname)?.[1]);
    if (route === 'GET /api/admin/articles/7') return json(200, state.article);
    if (route === 'PUT /api/admin/articles/7') {
      state.status = body.liveStatus ?? state.status;
      state.article = { ...state.article, ...body, coverageEndTime: '2026-03-02T11:45:00.000Z' };
      return json(200, state.article);
    }
    if (route === 'GET /api/articles/7/live') {
      const after = url.searchParams.get('after');
      const cursor = String(changes.length);
      if (after === null) return json(200, { status: state.status, entries: newestFirst(), deleted: [], cursor, older: null });
      const since = changes.slice(Number(after));
      const ids = [...new Set(since.filter((change) => !change.deleted).map((change) => change.id))].filter((id) => entries.has(id));
      return json(200, {
        status: state.status, entries: ids.map((id) => entries.get(id)), cursor, older: null,
        deleted: since.filter((change) => change.deleted).map((change) => change.id),
      });
    }
    if (route === 'POST /api/admin/articles/7/live/entries') {
      if (state.status === 'ended') return json(409, { error: 'The coverage has ended', code: 'conflict' });
      if (!body.content?.trim()) return json(400, { error: 'Validation failed', code: 'validation', issues: [{ path: 'content', message: 'Content is required' }] });
      const earlier = byClient.get(body.clientId);
      if (earlier) return json(200, earlier);
      const created = post(body);
      byClient.set(body.clientId, created);
      return json(201, created);
    }
    const current = entries.get(entryId);
    if (route.startsWith('PUT /api/admin/articles/7/live/entries/') && current) {
      return json(200, put({ ...current, ...(body as LiveEntryUpdate), updatedAt: stamp() } as LiveEntry));
    }
    if (route.startsWith('DELETE /api/admin/articles/7/live/entries/') && current) {
      entries.delete(entryId);
      changes.push({ id: entryId, deleted: true });
      return json(204);
    }
    return json(404, { error: 'Not found', code: 'not_found' });
  }) as typeof globalThis.fetch;

  return {
    fetch, calls, state, post, put, entries,
    remove: (id: number) => { entries.delete(id); changes.push({ id, deleted: true }); },
    sent: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path).map((call) => call.body),
  };
}

/** The console at /admin/articles/7/live, once it shows (the article is read first). */
async function openConsole(api: ReturnType<typeof liveApi>, options: { locale?: 'sv' | 'en'; liveOutbox?: LiveOutbox } = {}) {
  renderAdmin(<Routes><Route path="articles/:id/live" element={<LiveConsole />} /></Routes>, {
    fetch: api.fetch, user: staffUser(), path: '/admin/articles/7/live', ...options,
  });
  expect(screen.getByRole('heading', { level: 1, name: options.locale === 'sv' ? 'Livekonsol' : 'Live console' })).toBeTruthy();
  await screen.findByText(api.state.article.title, { selector: '.admin-subtitle' });
}

const entryList = () => screen.getByRole('region', { name: 'Entries' });
const entryNames = () => within(entryList()).queryAllByRole('article').map((entry) => entry.getAttribute('aria-label'));
const composer = () => within(screen.getByRole('region', { name: 'New entry' }));
const announced = () => document.querySelector('.live-announcer')!.textContent;

/** Writes the entry's text as an editor who prefers Markdown does: the editor's Markdown view, then the text. */
async function writeMarkdown(scope: ReturnType<typeof within>, markdown: string) {
  const toolbar = await scope.findByRole('toolbar', { name: 'Formatting' });
  fireEvent.click(within(toolbar).getByRole('button', { name: 'Markdown' }));
  const text = scope.getByLabelText('Entry');
  fireEvent.change(text, { target: { value: markdown } });
  return text;
}

describe('the live console', () => {
  it('shows the entries as readers see them, newest first, and publishes a new one with Ctrl+Enter from the text', async () => {
    const api = liveApi([
      { title: 'Vägar stängs', content: 'E4 är **avstängd** norr om Gävle.', keyEvent: true },
      { content: 'SMHI har utfärdat en röd varning.', pinned: true, author: { name: 'Anna Lind' } },
    ]);
    await openConsole(api);
    await waitFor(() => expect(entryNames()).toEqual(['2 Mar 09:02: SMHI har utfärdat en röd varning.', '2 Mar 09:01: Vägar stängs']));
    const first = within(entryList().querySelector('article[aria-label$="Vägar stängs"]') as HTMLElement);
    // The text through the site's own renderer, as the page shows it.
    expect(first.getByText('avstängd').tagName).toBe('STRONG');
    expect(first.getByRole('heading', { level: 3, name: 'Vägar stängs' })).toBeTruthy();
    expect(first.getByText('Key event', { selector: '.admin-tag' })).toBeTruthy();
    expect(screen.getByText('by Anna Lind')).toBeTruthy();
    expect(screen.getByText('Live')).toBeTruthy();

    const form = composer();
    fireEvent.change(form.getByLabelText('Title (optional)'), { target: { value: 'Tåg ställs in' } });
    fireEvent.click(form.getByRole('switch', { name: 'Breaking' }));
    const text = await form.findByRole('textbox', { name: 'Entry' });
    expect(text.getAttribute('aria-keyshortcuts')).toBe('Control+Enter Meta+Enter');
    paste(text, { 'text/plain': 'SJ ställer in alla tåg norr om Uppsala.' });
    // At once, before the editor has written its Markdown (it waits for a pause in the typing), and with no line break.
    fireEvent.keyDown(text, { key: 'Enter', ctrlKey: true });

    await waitFor(() => expect(entryNames()[0]).toBe('2 Mar 09:03: Tåg ställs in'));
    const [sent] = api.sent('POST', '/api/admin/articles/7/live/entries') as Record<string, unknown>[];
    expect(sent).toEqual({
      content: 'SJ ställer in alla tåg norr om Uppsala.', title: 'Tåg ställs in', keyEvent: false, pinned: false, breaking: true,
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(announced()).toBe('Published: Tåg ställs in');
    // The composer is empty for the next entry, and the text has the focus again.
    await waitFor(() => expect((form.getByLabelText('Title (optional)') as HTMLInputElement).value).toBe(''));
    expect(form.getByRole('switch', { name: 'Breaking' }).getAttribute('aria-checked')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(form.getByRole('textbox', { name: 'Entry' })));
    expect(form.getByRole('textbox', { name: 'Entry' }).textContent).toBe('');
  });

  it('publishes with the button and Ctrl+Enter from the title, gives each entry its own clientId, and refuses an empty one', async () => {
    const api = liveApi();
    await openConsole(api);
    expect(await screen.findByText(/No entries yet/)).toBeTruthy();
    const form = composer();
    fireEvent.click(form.getByRole('button', { name: 'Publish' }));
    expect(await form.findByText('Content is required')).toBeTruthy();
    expect(api.sent('POST', '/api/admin/articles/7/live/entries')).toEqual([]);

    await writeMarkdown(form, '- Första punkten\n- Andra punkten');
    expect(form.queryByText('Content is required')).toBeNull();
    fireEvent.click(form.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(entryNames()).toHaveLength(1));
    expect(within(entryList()).getAllByRole('listitem').map((item) => item.textContent)).toContain('Första punkten');

    fireEvent.change(form.getByLabelText('Entry'), { target: { value: 'Nästa inlägg.' } });
    fireEvent.keyDown(form.getByLabelText('Title (optional)'), { key: 'Enter', metaKey: true });
    await waitFor(() => expect(entryNames()).toHaveLength(2));
    const [one, two] = api.sent('POST', '/api/admin/articles/7/live/entries') as { clientId: string }[];
    expect(one!.clientId).not.toBe(two!.clientId);
  });

  it('keeps the text and its clientId when the connection fails, so that publishing again makes one entry', async () => {
    const api = liveApi();
    await openConsole(api);
    const form = composer();
    await writeMarkdown(form, 'Strömmen är borta i hela Sundsvall.');
    api.state.offline = true;
    fireEvent.click(form.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Could not publish the entry')).toBeTruthy();
    expect(screen.getByText(/No connection: the entry was not published/)).toBeTruthy();
    expect((form.getByLabelText('Entry') as HTMLTextAreaElement).value).toBe('Strömmen är borta i hela Sundsvall.');

    api.state.offline = false;
    fireEvent.click(form.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(entryNames()).toEqual([expect.stringContaining('Strömmen är borta i hela Sundsvall.')]));
    const attempts = api.calls.filter((call) => call.method === 'POST') as { body: { clientId: string } }[];
    expect(attempts).toHaveLength(2);
    expect(attempts[0]!.body.clientId).toBe(attempts[1]!.body.clientId);
  });

  it('edits an entry in place, pins it (unpinning the other), marks a key event, and deletes it after asking', async () => {
    const api = liveApi([{ content: 'Första rapporten.', pinned: true }, { title: 'Bron stängd', content: 'Högakustenbron är stängd.' }]);
    await openConsole(api);
    await waitFor(() => expect(entryNames()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Edit “Bron stängd”' }));
    const editing = within(entryList().querySelector('form')!);
    fireEvent.change(editing.getByLabelText('Title (optional)'), { target: { value: 'Bron öppnar igen' } });
    const text = await writeMarkdown(editing, 'Högakustenbron öppnar klockan 14.');
    fireEvent.keyDown(text, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(entryNames()[0]).toMatch(/Bron öppnar igen$/));
    expect(api.sent('PUT', '/api/admin/articles/7/live/entries/2')).toEqual([{ title: 'Bron öppnar igen', content: 'Högakustenbron öppnar klockan 14.' }]);
    expect(screen.getByText('Högakustenbron öppnar klockan 14.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit “Bron öppnar igen”' })));

    const bridge = within(screen.getByRole('article', { name: /Bron öppnar igen$/ }));
    fireEvent.click(bridge.getByRole('button', { name: 'Pin' }));
    await waitFor(() => expect(bridge.getByRole('button', { name: 'Pin' }).getAttribute('aria-pressed')).toBe('true'));
    const report = within(screen.getByRole('article', { name: /Första rapporten\.$/ }));
    expect(report.getByRole('button', { name: 'Pin' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(bridge.getByRole('button', { name: 'Key event' }));
    await waitFor(() => expect(bridge.getByRole('button', { name: 'Key event' }).getAttribute('aria-pressed')).toBe('true'));
    expect(api.sent('PUT', '/api/admin/articles/7/live/entries/2').slice(1)).toEqual([{ pinned: true }, { keyEvent: true }]);

    fireEvent.click(report.getByRole('button', { name: 'Delete “Första rapporten.”' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Are you sure?' }));
    expect(confirm.getByText('Delete the entry “Första rapporten.”? Readers no longer see it.')).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(entryNames()).toEqual([expect.stringMatching(/Bron öppnar igen$/)]));
    expect(api.sent('DELETE', '/api/admin/articles/7/live/entries/1')).toHaveLength(1);
    expect(await screen.findByText('Entry deleted')).toBeTruthy();
  });

  it('follows what other editors post, change and delete, and announces new entries politely', async () => {
    const api = liveApi([{ content: 'Det blåser upp.' }, { title: 'Fel siffra', content: 'Tio tusen utan ström.' }]);
    await openConsole(api);
    await waitFor(() => expect(entryNames()).toHaveLength(2));
    api.post({ title: 'Skolor stänger', content: 'Alla skolor i Härnösand håller stängt i morgon.' }, 'Anna Lind');
    api.put({ ...api.entries.get(2)!, title: 'Rätt siffra', updatedAt: '2026-03-02T09:30:00.000Z' });
    api.remove(1);
    await waitFor(() => expect(entryNames()).toEqual(['2 Mar 09:03: Skolor stänger', '2 Mar 09:02: Rätt siffra']), { timeout: LIVE_POLL_MS + 2000 });
    expect(announced()).toBe('New entry by Anna Lind: Skolor stänger');
    const region = document.querySelector('.live-announcer')!;
    expect([region.getAttribute('role'), region.getAttribute('aria-live')]).toEqual(['status', 'polite']);
  });

  it('ends the coverage after asking, and then takes no more entries', async () => {
    const api = liveApi([{ content: 'Stormen har passerat.' }]);
    await openConsole(api);
    await waitFor(() => expect(entryNames()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'End coverage' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Are you sure?' }));
    expect(confirm.getByText(/End the coverage of “Stormen Amy”\?/)).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'End coverage' }));
    expect(await screen.findByText('The coverage has ended')).toBeTruthy();
    const [ended] = api.sent('PUT', '/api/admin/articles/7') as Record<string, unknown>[];
    // The article as stored, with its coverage ended.
    expect(ended).toMatchObject({ title: 'Stormen Amy', excerpt: 'Ingress', content: 'Text', status: 'published', kind: 'live', liveStatus: 'ended' });
    expect(ended).not.toHaveProperty('clientId');
    expect(await screen.findByText('2 Mar 12:45', { selector: '.live-coverage time' })).toBeTruthy();
    expect(screen.getByText('Ended', { selector: '.admin-status' })).toBeTruthy();
    expect(composer().getByRole('button', { name: 'Publish' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'End coverage' })).toBeNull();
    expect(within(entryList()).queryByRole('button', { name: 'Pin' })).toBeNull();
  });

  it('says why an entry was refused when another editor ended the coverage meanwhile', async () => {
    const api = liveApi();
    await openConsole(api);
    await writeMarkdown(composer(), 'Sent inlägg.');
    api.state.status = 'ended';
    fireEvent.click(composer().getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('The coverage has ended: no more entries can be posted.', { selector: '[role="status"] p' })).toBeTruthy();
    await waitFor(() => expect(composer().getByRole('button', { name: 'Publish' }).hasAttribute('disabled')).toBe(true));
  });

  it('posts through the host\'s outbox where there is one, and shows the entries it keeps as waiting for the connection', async () => {
    const api = liveApi();
    const entry = { content: 'Skrivet före slutet.', title: 'För sent', keyEvent: false, pinned: false, breaking: false };
    const kept: QueuedLiveEntry[] = [
      { clientId: crypto.randomUUID(), articleId: 7, entry, state: 'refused', error: 'The coverage has ended', published: null },
    ];
    const liveOutbox: LiveOutbox = {
      post: vi.fn(async (articleId: number, { clientId, ...written }) => {
        const queued: QueuedLiveEntry = { clientId, articleId, entry: written, state: 'pending', error: null, published: null };
        kept.push(queued);
        return queued;
      }),
      list: async () => [...kept],
      discard: vi.fn(async (clientId: string) => { kept.splice(kept.findIndex((queued) => queued.clientId === clientId), 1); }),
    };
    await openConsole(api, { locale: 'sv', liveOutbox });
    const list = within(await screen.findByRole('region', { name: 'Inlägg' }));
    const refused = await list.findByRole('article', { name: 'Avvisat av servern: För sent' });
    expect(within(refused).getByText('The coverage has ended')).toBeTruthy();

    const form = within(screen.getByRole('region', { name: 'Nytt inlägg' }));
    fireEvent.change(form.getByLabelText('Rubrik (valfri)'), { target: { value: 'Skrivet i tunneln' } });
    const toolbar = await form.findByRole('toolbar', { name: 'Formatering' });
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Markdown' }));
    fireEvent.change(form.getByLabelText('Inlägg'), { target: { value: 'Tåget står still.' } });
    fireEvent.click(form.getByRole('button', { name: 'Publicera' }));

    const waiting = await list.findByRole('article', { name: 'Väntar på anslutning: Skrivet i tunneln' });
    expect(within(waiting).getByText('Väntar på anslutning')).toBeTruthy();
    expect(liveOutbox.post).toHaveBeenCalledWith(7, {
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/), title: 'Skrivet i tunneln', content: 'Tåget står still.', keyEvent: false, pinned: false, breaking: false,
    });
    expect(announced()).toBe('Sparat på datorn: Skrivet i tunneln. Det publiceras så snart anslutningen är tillbaka.');
    expect(api.sent('POST', '/api/admin/articles/7/live/entries')).toEqual([]);
    // The newest first: what waits was written after what was refused.
    expect(list.getAllByRole('article').map((article) => article.getAttribute('aria-label')))
      .toEqual(['Väntar på anslutning: Skrivet i tunneln', 'Avvisat av servern: För sent']);

    fireEvent.click(within(refused).getByRole('button', { name: 'Släng inlägget som sparats på datorn: För sent' }));
    await waitFor(() => expect(list.queryByRole('article', { name: 'Avvisat av servern: För sent' })).toBeNull());
    expect(liveOutbox.discard).toHaveBeenCalledTimes(1);
  });

  it('says when the article is not live coverage', async () => {
    await openConsole(liveApi([], { ...LIVE, kind: 'article', liveStatus: null }));
    expect(await screen.findByText(/This article is not live coverage/)).toBeTruthy();
  });
});
