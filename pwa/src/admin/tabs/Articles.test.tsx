import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDialogPolyfill, resetAdminScreens, jsonFetch, renderAdmin, staffUser } from '../test/render';
import { CATEGORIES, article } from '../test/fixtures';
import { ArticlesTab } from './Articles';

beforeAll(installDialogPolyfill);
afterEach(resetAdminScreens);

describe('the Articles tab', () => {
  it('lists articles with category name, status, tags and a site link for published ones', async () => {
    const api = jsonFetch({
      'GET /api/admin/categories': CATEGORIES,
      'GET /api/admin/articles': [
        article(1, 'Väntande text', { status: 'pending', premium: true }),
        article(2, 'Ute nu', { status: 'published', publishedAt: '2026-03-01T08:00:00.000Z', featured: true }),
      ],
    });
    renderAdmin(<ArticlesTab />, { fetch: api.fetch, user: staffUser() });
    const pending = (await screen.findByText('Väntande text')).closest('li')!;
    expect(within(pending).getByText('Pending Review')).toBeTruthy();
    expect(within(pending).getByText('Premium')).toBeTruthy();
    expect(await within(pending).findByText('Nyheter')).toBeTruthy();
    expect(within(pending).queryByRole('link')).toBeNull();
    const published = screen.getByText('Ute nu').closest('li')!;
    expect(within(published).getByText('Featured')).toBeTruthy();
    // WCAG 2.5.3: the name a voice user speaks is the visible label, so the accessible name starts with it.
    const view = within(published).getByRole('link', { name: 'View on site: Ute nu' });
    expect(view.textContent).toBe('View on site');
    expect(view.getAttribute('href')).toBe('http://admin.test/article/2');
  });

  it('marks live coverage, live or ended, and leads to its live console', async () => {
    const api = jsonFetch({
      'GET /api/admin/categories': CATEGORIES,
      'GET /api/admin/articles': [
        article(1, 'Valvakan', { kind: 'live', liveStatus: 'live', status: 'published', publishedAt: '2026-03-01T08:00:00.000Z' }),
        article(2, 'Stormen', { kind: 'live', liveStatus: 'ended' }),
        article(3, 'Vanlig text'),
      ],
    });
    renderAdmin(<ArticlesTab />, { fetch: api.fetch, user: staffUser() });
    const live = (await screen.findByText('Valvakan')).closest('li')!;
    expect(within(live).getByText('Live')).toBeTruthy();
    const consoleLink = within(live).getByRole('link', { name: 'Live console: Valvakan' });
    expect(consoleLink.textContent).toBe('Live console');
    expect(consoleLink.getAttribute('href')).toBe('/admin/articles/1/live');
    expect(within(screen.getByText('Stormen').closest('li')!).getByText('Live coverage ended')).toBeTruthy();
    expect(within(screen.getByText('Vanlig text').closest('li')!).queryByRole('link', { name: /Live console/ })).toBeNull();
  });

  it('deletes an article after confirming, then lists what is left', async () => {
    let articles = [article(1, 'Gammal notis'), article(2, 'Behålls')];
    const api = jsonFetch({
      'GET /api/admin/categories': CATEGORIES,
      'GET /api/admin/articles': () => ({ status: 200, body: articles }),
      'DELETE /api/admin/articles/1': () => {
        articles = articles.filter((a) => a.id !== 1);
        return { status: 204, body: null };
      },
    });
    renderAdmin(<ArticlesTab />, { fetch: api.fetch, user: staffUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete “Gammal notis”' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Are you sure?' }));
    expect(dialog.getByText('Delete “Gammal notis”? This cannot be undone.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Article deleted successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Gammal notis')).toBeNull());
    expect(screen.getByText('Behålls')).toBeTruthy();
  });

  it('says a delete failed in the words of the spec', async () => {
    const api = jsonFetch({
      'GET /api/admin/categories': CATEGORIES,
      'GET /api/admin/articles': [article(1, 'Kvar')],
      'DELETE /api/admin/articles/1': () => ({ status: 500, body: { error: 'Internal error' } }),
    });
    renderAdmin(<ArticlesTab />, { fetch: api.fetch, user: staffUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete “Kvar”' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete article')).toBeTruthy();
  });

  it('opens the create dialog from the Create button', async () => {
    renderAdmin(<ArticlesTab />, { fetch: jsonFetch({ 'GET /api/admin/articles': [], 'GET /api/admin/categories': [] }).fetch, user: staffUser() });
    expect(await screen.findByText('No articles yet. Create the first one.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create Article' }));
    expect(screen.getByRole('dialog', { name: 'Create New Article' })).toBeTruthy();
  });
});
