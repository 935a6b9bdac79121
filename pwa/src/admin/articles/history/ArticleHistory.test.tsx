import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminArticle, Revision, RevisionSummary } from '@redaktion/shared';
import { jsonFetch, renderAdmin, staffUser, installDialogPolyfill, resetAdminScreens } from '../../test/render';
import { ArticleForm } from '../ArticleForm';
import { AUTOSAVE_EVERY_MS } from './session';

beforeAll(async () => {
  installDialogPolyfill();
  await import('../editor/ArticleBodyEditor');
});
afterEach(() => {
  vi.useRealTimers();
  resetAdminScreens();
});

const ARTICLE: AdminArticle = {
  id: 7, title: 'Riksdagen röstar', excerpt: 'Beslut i dag', content: 'Riksdagen röstar ja i dag.', locked: false,
  category: 'news', imageUrl: null, imageAlt: null, imageCredit: null, author: 'Rut Redaktör',
  authorImage: null, authorTitle: null, readTime: 4, publishedAt: '2026-03-02T09:30:15.000Z', featured: false,
  categoryFeatured: false, premium: false, status: 'published', createdAt: '2026-03-01T08:00:00.000Z', updatedAt: '2026-03-02T09:30:15.000Z',
  kind: 'article', liveStatus: null, coverageStartTime: null, coverageEndTime: null, audioUrl: null, clientId: null,
};
const summary = (id: number, kind: RevisionSummary['kind'], createdAt: string, author = { id: 1, username: 'redaktor' }): RevisionSummary =>
  ({ id, kind, createdAt, author, title: ARTICLE.title, status: 'published' });
const revision = (id: number, title: string, content: string): Revision => ({
  ...summary(id, 'created', '2026-03-01T08:00:00.000Z'), articleId: 7,
  state: { ...ARTICLE, title, content },
});
const FIRST = revision(1, 'Riksdagen ska rösta', 'Riksdagen röstar nej i morgon.');

/** Opens the form on the article, once its editor (and the panel beside it) has loaded: slow on a busy machine. */
async function open(routes: Parameters<typeof jsonFetch>[0] = {}, article = ARTICLE) {
  const api = jsonFetch({ 'GET /api/admin/categories': [], 'PUT /api/admin/articles/7/presence': [], ...routes });
  const onClose = vi.fn();
  renderAdmin(<ArticleForm article={article} onClose={onClose} />, { fetch: api.fetch, user: staffUser() });
  const form = within(screen.getByRole('dialog', { name: 'Edit Article' }));
  await form.findByRole('toolbar', { name: 'Formatting' }, { timeout: 5000 });
  return { api, onClose, form };
}
const posts = (api: ReturnType<typeof jsonFetch>, path: string) => api.calls.filter((call) => call.method === 'POST' && call.path === path);

describe("the article's history", () => {
  it('lists the revisions, shows one as the reader sees it with its changes, and restores it into the form', async () => {
    const { api, form } = await open({
      'GET /api/admin/articles/7/revisions': [summary(2, 'saved', '2026-03-02T09:30:15.000Z'), summary(1, 'created', '2026-03-01T08:00:00.000Z', { id: 3, username: 'anna' })],
      'GET /api/admin/articles/7/revisions/1': FIRST,
      'GET /api/admin/articles/7/revisions/2': revision(2, 'Riksdagen ska rösta', 'Riksdagen röstar kanske nej i morgon.'),
      'POST /api/admin/articles/7/revisions/1/restore': { ...ARTICLE, title: FIRST.state.title, content: FIRST.state.content },
    });
    fireEvent.click(await form.findByRole('button', { name: 'History' }));
    const history = within(await form.findByRole('region', { name: 'Revisions' }));
    fireEvent.click(await history.findByRole('button', { name: /^Created .* by anna$/ }));
    expect(await history.findByRole('heading', { name: 'Riksdagen ska rösta' })).toBeTruthy();
    expect(history.getByText('Riksdagen röstar nej i morgon.')).toBeTruthy();

    const diff = history.getByRole('group', { name: 'Changes' });
    expect([...diff.querySelectorAll('del')].map((del) => del.textContent)).toEqual(['deleted: nej (end of change)', 'deleted: morgon (end of change)']);
    expect([...diff.querySelectorAll('ins')].map((ins) => ins.textContent)).toEqual(['inserted: ja (end of change)', 'inserted: dag (end of change)']);

    fireEvent.change(history.getByLabelText('Compare with'), { target: { value: '2' } });
    await waitFor(() => expect([...history.getByRole('group', { name: 'Changes' }).querySelectorAll('ins')].map((ins) => ins.textContent))
      .toEqual(['inserted: kanske  (end of change)']));
    fireEvent.change(history.getByLabelText('Compare with'), { target: { value: '' } });

    fireEvent.click(history.getByRole('button', { name: 'Restore this version' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Restore this version' }));
    await waitFor(() => expect((form.getByLabelText('Title') as HTMLInputElement).value).toBe('Riksdagen ska rösta'));
    expect(posts(api, '/api/admin/articles/7/revisions/1/restore')).toHaveLength(1);
    expect(await screen.findByText('Version restored')).toBeTruthy();
    // The restored values are the saved ones: closing asks nothing.
    fireEvent.click(form.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText(/Leave without saving/)).toBeNull();
  });

  it('autosaves a change every few seconds, and nothing while nothing changed', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { api, form } = await open({ 'POST /api/admin/articles/7/autosave': () => ({ status: 201, body: summary(3, 'autosave', ARTICLE.updatedAt) }) });
    act(() => { vi.advanceTimersByTime(AUTOSAVE_EVERY_MS * 2); });
    expect(posts(api, '/api/admin/articles/7/autosave')).toEqual([]);

    fireEvent.change(form.getByLabelText('Title'), { target: { value: 'Riksdagen har röstat' } });
    act(() => { vi.advanceTimersByTime(AUTOSAVE_EVERY_MS); });
    await waitFor(() => expect(posts(api, '/api/admin/articles/7/autosave')).toHaveLength(1));
    expect(posts(api, '/api/admin/articles/7/autosave')[0]!.body).toMatchObject({ title: 'Riksdagen har röstat', content: ARTICLE.content, readTime: 4 });
    act(() => { vi.advanceTimersByTime(AUTOSAVE_EVERY_MS * 2); });
    expect(posts(api, '/api/admin/articles/7/autosave')).toHaveLength(1);
  });

  it('autosaves a field the editor cleared as emptied, so that reopening does not bring the old value back', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { api, form } = await open(
      { 'POST /api/admin/articles/7/autosave': () => ({ status: 201, body: summary(3, 'autosave', ARTICLE.updatedAt) }) },
      { ...ARTICLE, imageUrl: '/uploads/images/kammaren.jpg', imageAlt: 'Kammaren', imageCredit: 'Foto: Redaktion', authorTitle: 'Reporter' },
    );
    fireEvent.change(form.getByLabelText('Image description (alt text)'), { target: { value: '' } });
    fireEvent.change(form.getByLabelText('Author title'), { target: { value: '' } });
    act(() => { vi.advanceTimersByTime(AUTOSAVE_EVERY_MS); });
    await waitFor(() => expect(posts(api, '/api/admin/articles/7/autosave')).toHaveLength(1));
    expect(posts(api, '/api/admin/articles/7/autosave')[0]!.body)
      .toMatchObject({ imageAlt: null, authorTitle: null, imageCredit: 'Foto: Redaktion', imageUrl: '/uploads/images/kammaren.jpg' });
  });

  it('asks before closing with unsaved changes', async () => {
    const { form, onClose } = await open();
    fireEvent.change(form.getByLabelText('Title'), { target: { value: 'Ändrad' } });
    fireEvent.click(form.getByRole('button', { name: 'Cancel' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Are you sure?' }));
    expect(confirm.getByText(/Leave without saving/)).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(form.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Leave' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("offers this editor's autosave newer than the last save, and loads it", async () => {
    const { form } = await open({
      'GET /api/admin/articles/7/revisions': [summary(5, 'autosave', '2026-03-02T10:00:00.000Z')],
      'GET /api/admin/articles/7/revisions/5': revision(5, 'Riksdagen röstar (utkast)', 'Nästan klart.'),
    });
    const offer = within(await screen.findByRole('region', { name: 'Restore the autosaved version?' }));
    fireEvent.click(offer.getByRole('button', { name: 'Use it' }));
    await waitFor(() => expect((form.getByLabelText('Title') as HTMLInputElement).value).toBe('Riksdagen röstar (utkast)'));
    expect((form.getByLabelText('Status') as HTMLSelectElement).value).toBe('published');
  });

  it('says who else has the article open, in Swedish too', async () => {
    const api = jsonFetch({ 'GET /api/admin/categories': [], 'PUT /api/admin/articles/7/presence': [{ id: 3, username: 'Anna', lastSeen: ARTICLE.updatedAt }] });
    const { unmount } = renderAdmin(<ArticleForm article={ARTICLE} onClose={() => undefined} />, { fetch: api.fetch, user: staffUser(), locale: 'sv' });
    expect(await screen.findByText('Anna redigerar också')).toBeTruthy();
    unmount();
    await waitFor(() => expect(api.calls.some((call) => call.method === 'DELETE' && call.path === '/api/admin/articles/7/presence')).toBe(true));
  });

  it('publishes a correction to a published article and removes one', async () => {
    const { api, form } = await open({
      'POST /api/admin/articles/7/corrections': () => ({ status: 201, body: { id: 9, text: 'Omröstningen var i dag.', createdAt: '2026-03-03T08:00:00.000Z' } }),
      'DELETE /api/admin/articles/7/corrections/9': () => ({ status: 204, body: null }),
    });
    fireEvent.change(await form.findByLabelText('Correction'), { target: { value: 'Omröstningen var i dag.' } });
    fireEvent.click(form.getByRole('button', { name: 'Publish correction' }));
    expect(await form.findByText(/Omröstningen var i dag\./)).toBeTruthy();
    expect(posts(api, '/api/admin/articles/7/corrections')[0]!.body).toEqual({ text: 'Omröstningen var i dag.' });
    expect(await screen.findByText('Correction published')).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: /^Remove correction of / }));
    await waitFor(() => expect(form.queryByText(/Omröstningen var i dag\./)).toBeNull());
    expect(api.calls.some((call) => call.method === 'DELETE' && call.path === '/api/admin/articles/7/corrections/9')).toBe(true);
  });

  it('makes a preview link to copy, and revokes them', async () => {
    const { api, form } = await open({
      'POST /api/admin/articles/7/preview': { url: '/preview/abc', expiresAt: '2026-03-05T09:00:00.000Z' },
      'DELETE /api/admin/articles/7/preview': () => ({ status: 204, body: null }),
    });
    fireEvent.click(await form.findByRole('button', { name: 'Preview link' }));
    expect(((await form.findByLabelText('Preview link address')) as HTMLInputElement).value).toBe('http://admin.test/preview/abc');
    fireEvent.click(form.getByRole('button', { name: 'Revoke links' }));
    await waitFor(() => expect(form.queryByLabelText('Preview link address')).toBeNull());
    expect(api.calls.some((call) => call.method === 'DELETE' && call.path === '/api/admin/articles/7/preview')).toBe(true);
  });
});
