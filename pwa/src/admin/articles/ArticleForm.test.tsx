import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Article, Category } from '@redaktion/shared';
import { jsonFetch, renderAdmin, staffUser, installDialogPolyfill, resetAdminScreens } from '../test/render';
import { ArticleForm } from './ArticleForm';

// Stand-ins for the media controls (tested on their own): an upload that yields a URL, a picker that yields a photo.
vi.mock('../media/SingleFileUpload', () => ({
  SingleFileUpload: ({ label, onChange }: { label: string; onChange(url: string): void }) =>
    <button type="button" onClick={() => onChange(`/uploads/${label.length}.jpg`)}>Upload {label}</button>,
}));
vi.mock('../media/PexelsPicker', () => ({
  PexelsPicker: ({ open, onSelect }: { open: boolean; onSelect(photo: { url: string; alt: string; credit: string }): void }) =>
    open ? <button type="button" onClick={() => onSelect({ url: '/uploads/pexels-1.jpg', alt: 'Stockholm i snö', credit: 'Photo by Ola on Pexels' })}>Use this photo</button> : null,
}));

beforeAll(async () => {
  installDialogPolyfill();
  // The editor is a chunk of its own, loaded when a form opens: loaded once here, so that no test waits on it.
  await import('./editor/ArticleBodyEditor');
});
afterEach(resetAdminScreens);

const category = (id: number, name: string, active = true): Category =>
  ({ id, name, slug: name.toLowerCase(), description: null, color: null, active });
const CATEGORIES = [category(1, 'News'), category(2, 'Culture'), category(3, 'Sport', false)];

const ARTICLE: Article = {
  id: 7, title: 'Riksdagen röstar', excerpt: 'Beslut i dag', content: 'Första stycket.\n\nAndra stycket.', locked: false,
  category: 'news', imageUrl: '/uploads/riksdag.jpg', imageAlt: 'Riksdagshuset', imageCredit: 'Anna Foto', author: 'Rut Redaktör',
  authorImage: null, authorTitle: 'Politisk reporter', readTime: 4, publishedAt: '2026-03-02T09:30:15.000Z', featured: false,
  categoryFeatured: true, premium: false, status: 'published', kind: 'article', liveStatus: null, coverageStartTime: null, coverageEndTime: null, audioUrl: null,
  createdAt: '2026-03-01T08:00:00.000Z', updatedAt: '2026-03-02T09:30:15.000Z',
};

function renderForm(article: Article | null, routes: Parameters<typeof jsonFetch>[0] = {}) {
  const api = jsonFetch({ 'GET /api/admin/categories': CATEGORIES, ...routes });
  const onClose = vi.fn();
  renderAdmin(<ArticleForm article={article} onClose={onClose} />, { fetch: api.fetch, user: staffUser() });
  const dialog = screen.getByRole('dialog', { name: article ? 'Edit Article' : 'Create New Article' });
  return { api, onClose, form: within(dialog) };
}

const fill = (form: ReturnType<typeof within>, label: string, value: string) =>
  fireEvent.change(form.getByLabelText(label), { target: { value } });

/** Writes the body as an editor who prefers Markdown does: the editor's Markdown view, then the text. */
async function writeBody(form: ReturnType<typeof within>, markdown: string) {
  const toolbar = await form.findByRole('toolbar', { name: 'Formatting' });
  fireEvent.click(within(toolbar).getByRole('button', { name: 'Markdown' }));
  fill(form, 'Content', markdown);
}

describe('the article form', () => {
  it('shows every validation message of the spec on an empty submit and sends nothing', async () => {
    const { api, form } = renderForm(null);
    await form.findByRole('toolbar', { name: 'Formatting' });
    fill(form, 'Read time (minutes)', '0');
    fireEvent.click(form.getByRole('button', { name: 'Create Article' }));
    for (const message of ['Title is required', 'Content is required', 'Excerpt is required', 'Category is required',
      'Author is required', 'Read time must be at least 1 minute']) {
      expect(await form.findByText(message)).toBeTruthy();
    }
    expect(form.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText('Title')));
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('shows the messages in Swedish when the app is in Swedish', async () => {
    const api = jsonFetch({ 'GET /api/admin/categories': CATEGORIES });
    renderAdmin(<ArticleForm article={null} onClose={() => undefined} />, { fetch: api.fetch, user: staffUser(), locale: 'sv' });
    const form = within(screen.getByRole('dialog', { name: 'Ny artikel' }));
    fireEvent.click(form.getByRole('button', { name: 'Skapa artikel' }));
    expect(await form.findByText('Titel krävs')).toBeTruthy();
    expect(form.getByText('Kort sammanfattning, helst högst tio ord')).toBeTruthy();
  });

  it('starts from the spec defaults and offers only active categories', async () => {
    const { form } = renderForm(null);
    expect((form.getByLabelText('Read time (minutes)') as HTMLInputElement).value).toBe('5');
    expect((form.getByLabelText('Status') as HTMLSelectElement).value).toBe('draft');
    for (const name of ['Featured (global hero)', 'Featured in its category', 'Premium']) {
      expect(form.getByRole('switch', { name }).getAttribute('aria-checked')).toBe('false');
    }
    expect(form.getByText('Brief summary, max 10 words recommended')).toBeTruthy();
    expect(form.getByRole('button', { name: 'Select Photo from Pexels' })).toBeTruthy();
    await form.findByRole('option', { name: 'Culture' });
    const options = within(form.getByLabelText('Category')).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Select a category', 'News', 'Culture']);
    expect(within(form.getByLabelText('Status')).getAllByRole('option').map((o) => o.textContent))
      .toEqual(['Draft', 'Pending Review', 'Published', 'Archived']);
  });

  it('creates an article with the body the API expects, then says so and closes', async () => {
    const { api, form, onClose } = renderForm(null, {
      'POST /api/admin/articles': (body: unknown) => ({ status: 201, body: { ...ARTICLE, ...(body as object), id: 12 } }),
    });
    await form.findByRole('option', { name: 'Culture' });
    fill(form, 'Title', '  Ny scen i Malmö ');
    fill(form, 'Excerpt', 'Teatern öppnar');
    await writeBody(form, 'Det första stycket.\n\nDet andra.');
    fireEvent.change(form.getByLabelText('Category'), { target: { value: 'culture' } });
    fill(form, 'Author', 'Rut Redaktör');
    fill(form, 'Author title', 'Kulturreporter');
    fill(form, 'Read time (minutes)', '7');
    fireEvent.change(form.getByLabelText('Status'), { target: { value: 'pending' } });
    fireEvent.click(form.getByRole('switch', { name: 'Premium' }));
    fireEvent.click(form.getByRole('button', { name: 'Upload Author image' }));
    fireEvent.click(form.getByRole('button', { name: 'Select Photo from Pexels' }));
    fireEvent.click(form.getByRole('button', { name: 'Use this photo' }));
    expect((form.getByLabelText('Image description (alt text)') as HTMLInputElement).value).toBe('Stockholm i snö');
    fireEvent.click(form.getByRole('button', { name: 'Create Article' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST', path: '/api/admin/articles',
      body: {
        title: 'Ny scen i Malmö', excerpt: 'Teatern öppnar', content: 'Det första stycket.\n\nDet andra.', category: 'culture',
        imageUrl: '/uploads/pexels-1.jpg', imageAlt: 'Stockholm i snö', imageCredit: 'Photo by Ola on Pexels',
        author: 'Rut Redaktör', authorTitle: 'Kulturreporter', authorImage: '/uploads/12.jpg', readTime: 7, featured: false, categoryFeatured: false, premium: true,
        status: 'pending', kind: 'article',
      },
    });
    expect(await screen.findByText('Article created successfully!')).toBeTruthy();
  });

  it("keeps the editor's own dialogs from submitting the article", async () => {
    const { api, form } = renderForm(null);
    const toolbar = await form.findByRole('toolbar', { name: 'Formatting' });
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Embed' }));
    const embed = within(screen.getByRole('dialog', { name: 'Embed' }));
    fireEvent.change(embed.getByLabelText('Address'), { target: { value: '/podcast/2' } });
    fireEvent.click(embed.getByRole('button', { name: 'Embed' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Embed' })).toBeNull());
    expect(await form.findByText('Episode 2')).toBeTruthy();
    expect(form.queryByText('Title is required')).toBeNull();
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('sends a chosen publish date as an instant, which schedules the article', async () => {
    const { api, form, onClose } = renderForm(null, {
      'POST /api/admin/articles': (body: unknown) => ({ status: 201, body: { ...ARTICLE, ...(body as object) } }),
    });
    await form.findByRole('option', { name: 'News' });
    fill(form, 'Title', 'Valvaka');
    fill(form, 'Excerpt', 'Följ valet');
    await writeBody(form, 'Text.');
    fireEvent.change(form.getByLabelText('Category'), { target: { value: 'news' } });
    fill(form, 'Author', 'Rut');
    fill(form, 'Publish date (optional)', '2030-09-14T20:00');
    fireEvent.change(form.getByLabelText('Status'), { target: { value: 'published' } });
    fireEvent.click(form.getByRole('button', { name: 'Create Article' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = api.calls.find((call) => call.method === 'POST')!.body as { publishedAt: string; status: string };
    expect(body.status).toBe('published');
    expect(body.publishedAt).toBe(new Date('2030-09-14T20:00').toISOString());
  });

  it("shows the server's reason when a create is refused, and stays open", async () => {
    const { form, onClose } = renderForm(null, {
      'POST /api/admin/articles': () => ({ status: 400, body: { error: 'Unknown category: news', code: 'validation', issues: [{ path: 'category', message: 'Unknown category: news' }] } }),
    });
    await form.findByRole('option', { name: 'News' });
    fill(form, 'Title', 'T');
    fill(form, 'Excerpt', 'E');
    await writeBody(form, 'C');
    fireEvent.change(form.getByLabelText('Category'), { target: { value: 'news' } });
    fill(form, 'Author', 'A');
    fireEvent.click(form.getByRole('button', { name: 'Create Article' }));
    expect(await screen.findByText('Failed to create article')).toBeTruthy();
    expect(screen.getAllByText('Unknown category: news').length).toBe(2);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('edits an article: its values are shown, an untouched date is sent unchanged, PUT on its id', async () => {
    const { api, form, onClose } = renderForm(ARTICLE, {
      'PUT /api/admin/articles/7': (body: unknown) => ({ status: 200, body: { ...ARTICLE, ...(body as object) } }),
    });
    expect((form.getByLabelText('Title') as HTMLInputElement).value).toBe('Riksdagen röstar');
    expect(form.getByRole('switch', { name: 'Featured in its category' }).getAttribute('aria-checked')).toBe('true');
    const body = await form.findByRole('textbox', { name: 'Content' });
    expect([...body.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Första stycket.', 'Andra stycket.']);
    fill(form, 'Title', 'Riksdagen har röstat');
    fireEvent.click(form.getByRole('button', { name: 'Update Article' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls.find((call) => call.method === 'PUT' && call.path === '/api/admin/articles/7')?.body).toMatchObject({
      // The body nobody touched goes back exactly as it came.
      title: 'Riksdagen har röstat', content: 'Första stycket.\n\nAndra stycket.', imageUrl: '/uploads/riksdag.jpg', imageAlt: 'Riksdagshuset', imageCredit: 'Anna Foto',
      publishedAt: '2026-03-02T09:30:15.000Z', status: 'published', categoryFeatured: true,
    });
    expect(await screen.findByText('Article updated successfully')).toBeTruthy();
  });

  it('says an update failed in the words of the spec', async () => {
    const { form, onClose } = renderForm(ARTICLE, {
      'PUT /api/admin/articles/7': () => ({ status: 500, body: { error: 'Internal error' } }),
    });
    fireEvent.click(form.getByRole('button', { name: 'Update Article' }));
    expect(await screen.findByText('Failed to update article')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('a live article in the form', () => {
  const LIVE: Article = { ...ARTICLE, kind: 'live', liveStatus: 'live', coverageStartTime: '2026-03-02T09:30:15.000Z' };

  it('is chosen as the kind (Artikel / Livebevakning), and is saved as live', async () => {
    const api = jsonFetch({
      'GET /api/admin/categories': CATEGORIES,
      'PUT /api/admin/articles/7': (body: unknown) => ({ status: 200, body: { ...ARTICLE, ...(body as object) } }),
    });
    renderAdmin(<ArticleForm article={ARTICLE} onClose={() => undefined} />, { fetch: api.fetch, user: staffUser(), locale: 'sv' });
    const form = within(screen.getByRole('dialog', { name: 'Redigera artikel' }));
    const kind = form.getByLabelText('Typ') as HTMLSelectElement;
    expect(within(kind).getAllByRole('option').map((option) => option.textContent)).toEqual(['Artikel', 'Livebevakning']);
    expect(kind.value).toBe('article');
    fireEvent.change(kind, { target: { value: 'live' } });
    expect(form.getByText('Spara artikeln för att öppna dess livekonsol.')).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: 'Uppdatera artikel' }));
    const saved = () => api.calls.find((call) => call.method === 'PUT' && call.path === '/api/admin/articles/7')?.body;
    await waitFor(() => expect(saved()).toMatchObject({ kind: 'live', title: 'Riksdagen röstar' }));
    // The coverage's status is the server's: the form never sends it back.
    expect(saved()).not.toHaveProperty('liveStatus');
  });

  it('shows the coverage, links to the live console, and ends the coverage after asking', async () => {
    const { api, form } = renderForm(LIVE, {
      'GET /api/admin/articles/7': { ...LIVE, clientId: null },
      'PUT /api/admin/articles/7': (body: unknown) => ({
        status: 200, body: { ...LIVE, ...(body as object), coverageEndTime: '2026-03-02T15:05:00.000Z' },
      }),
    });
    expect(form.getByText('Live')).toBeTruthy();
    expect(form.getByText('since 2 Mar 10:30')).toBeTruthy();
    expect(form.getByRole('link', { name: 'Open the live console' }).getAttribute('href')).toBe('/admin/articles/7/live');
    fireEvent.click(form.getByRole('button', { name: 'End coverage' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Are you sure?' }));
    expect(confirm.getByText(/End the coverage of “Riksdagen röstar”\? No more entries can be posted/)).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'End coverage' }));
    expect(await screen.findByText('The coverage has ended')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'PUT' && call.path === '/api/admin/articles/7')).toEqual([{
      method: 'PUT', path: '/api/admin/articles/7',
      body: expect.objectContaining({ title: 'Riksdagen röstar', content: ARTICLE.content, status: 'published', kind: 'live', liveStatus: 'ended' }),
    }]);
    expect(await form.findByText('Ended')).toBeTruthy();
    expect(form.getByText('2 Mar 16:05').getAttribute('datetime')).toBe('2026-03-02T15:05:00.000Z');
    expect(form.queryByRole('button', { name: 'End coverage' })).toBeNull();
  });
});
