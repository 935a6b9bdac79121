import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDialogPolyfill, resetAdminScreens, jsonFetch, renderAdmin, staffUser } from '../test/render';
import { AdsTab } from '../tabs/Ads';
import { PodcastsTab } from '../tabs/Podcasts';
import { StaffTab } from '../tabs/Staff';
import { ad, episode, journalist, series } from '../test/fixtures';

beforeAll(installDialogPolyfill);
afterEach(resetAdminScreens);

function renderTab(ui: ReactElement, routes: Parameters<typeof jsonFetch>[0]) {
  const api = jsonFetch(routes);
  renderAdmin(ui, { fetch: api.fetch, user: staffUser() });
  const count = (method: string, path: string) => api.calls.filter((call) => call.method === method && call.path.startsWith(path)).length;
  return { api, count };
}

const rowOf = (element: HTMLElement) => element.closest('li')!;
const confirmDelete = () => fireEvent.click(within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }));
const noContent = () => ({ status: 204, body: null });

describe('the Podcasts tab', () => {
  it('says when there are no series and no episodes yet', async () => {
    renderTab(<PodcastsTab />, { 'GET /api/admin/podcast-series': [], 'GET /api/admin/podcasts': [] });
    expect(await screen.findByText('No podcast series yet. Create the first one.')).toBeTruthy();
    expect(await screen.findByText('No episodes yet. Create a series, then its first episode.')).toBeTruthy();
  });

  it('lists series and their episodes (interviews live in their own tab), each linked to its reader page', async () => {
    renderTab(<PodcastsTab />, {
      'GET /api/admin/podcast-series': [series(3, 'Morgonekot', { featured: true }), series(5, 'Kvällspodden')],
      'GET /api/admin/podcasts': [episode(9, 'Valdagen', { status: 'draft', premium: true }), episode(11, 'Dagen efter', { status: 'pending' }),
        episode(10, 'Samtal med Ada', { kind: 'interview', seriesId: null })],
    });
    const seriesRow = within(rowOf(await screen.findByRole('link', { name: 'Morgonekot' })));
    // Counted from the episodes, drafts and pending ones included.
    expect(seriesRow.getByText('2 episodes')).toBeTruthy();
    expect(within(rowOf(screen.getByRole('link', { name: 'Kvällspodden' }))).getByText('0 episodes')).toBeTruthy();
    expect(seriesRow.getByText('Featured')).toBeTruthy();
    expect(seriesRow.getByRole('link', { name: 'Morgonekot' }).getAttribute('href')).toBe('http://admin.test/podcast-series/3');
    const episodeRow = within(rowOf(await screen.findByText('Valdagen')));
    for (const text of ['Episode 4', '31 min', 'Draft', 'Premium']) expect(episodeRow.getByText(text)).toBeTruthy();
    expect(episodeRow.getByRole('link', { name: 'Valdagen' }).getAttribute('href')).toBe('http://admin.test/podcast/9');
    expect(episodeRow.getByText('Morgonekot')).toBeTruthy();
    expect(screen.queryByText('Samtal med Ada')).toBeNull();
  });

  it('opens the create and edit dialogs with the spec titles', async () => {
    renderTab(<PodcastsTab />, { 'GET /api/admin/podcast-series': [series(3, 'Morgonekot')], 'GET /api/admin/podcasts': [episode(9, 'Valdagen')] });
    await screen.findByText('Valdagen');
    fireEvent.click(screen.getByRole('button', { name: 'New Series' }));
    expect(screen.getByRole('dialog', { name: 'Create New Series' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Create New Series' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit “Valdagen”' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Episode' }));
    expect((dialog.getByLabelText('Episode title') as HTMLInputElement).value).toBe('Valdagen');
    expect((dialog.getByLabelText('Podcast series') as HTMLSelectElement).value).toBe('3');
  });

  it("shows the API's reason when a series with episodes cannot be deleted, and keeps it", async () => {
    const { count } = renderTab(<PodcastsTab />, {
      'GET /api/admin/podcast-series': [series(3, 'Morgonekot', { episodeCount: 1 })],
      'GET /api/admin/podcasts': [],
      'DELETE /api/admin/podcast-series/3': () => ({ status: 409, body: { error: 'This series still has 1 episode(s): move or delete them first', code: 'conflict' } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete “Morgonekot”' }));
    expect(screen.getByText('Delete “Morgonekot”? This cannot be undone.')).toBeTruthy();
    confirmDelete();
    expect(await screen.findByText('This series still has 1 episode(s): move or delete them first')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(count('DELETE', '/api/admin/podcast-series/3')).toBe(1);
    expect(screen.getByRole('dialog', { name: 'Are you sure?' })).toBeTruthy();
  });

  it('deletes an episode after confirmation and reloads the lists', async () => {
    const { count } = renderTab(<PodcastsTab />, {
      'GET /api/admin/podcast-series': [series(3, 'Morgonekot')],
      'GET /api/admin/podcasts': [episode(9, 'Valdagen')],
      'DELETE /api/admin/podcasts/9': noContent,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete “Valdagen”' }));
    confirmDelete();
    expect(await screen.findByText('Podcast deleted successfully')).toBeTruthy();
    await waitFor(() => expect(count('GET', '/api/admin/podcasts')).toBe(2));
    expect(count('GET', '/api/admin/podcast-series')).toBe(2);
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull();
  });
});

describe('the Ads tab', () => {
  it('lists ads with their placement, counters and state', async () => {
    renderTab(<AdsTab />, { 'GET /api/admin/advertisements': [ad(5, 'Vårkampanj', { impressions: 1200, clicks: 34, active: false })] });
    const adRow = within(rowOf(await screen.findByText('Vårkampanj')));
    for (const text of ['Sidebar', 'Partner AB', '1200 impressions', '34 clicks', 'Inactive']) expect(adRow.getByText(text)).toBeTruthy();
  });

  it('says when there are none', async () => {
    renderTab(<AdsTab />, { 'GET /api/admin/advertisements': [] });
    expect(await screen.findByText('No advertisements yet.')).toBeTruthy();
  });

  it("deletes an ad, or says 'Failed to delete advertisement'", async () => {
    let refuse = true;
    renderTab(<AdsTab />, {
      'GET /api/admin/advertisements': [ad(5, 'Vårkampanj')],
      'DELETE /api/admin/advertisements/5': () => (refuse ? { status: 500, body: { error: '' } } : noContent()),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete “Vårkampanj”' }));
    confirmDelete();
    expect(await screen.findByText('Failed to delete advertisement')).toBeTruthy();
    refuse = false;
    confirmDelete();
    expect(await screen.findByText('Advertisement deleted successfully')).toBeTruthy();
  });

  it('opens the form with the ad to edit', async () => {
    renderTab(<AdsTab />, { 'GET /api/admin/advertisements': [ad(5, 'Vårkampanj')] });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit “Vårkampanj”' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Advertisement' }));
    expect((dialog.getByLabelText('Placement') as HTMLSelectElement).value).toBe('sidebar');
  });
});

describe('the Staff tab', () => {
  it('shows journalist cards with at most three expertise tags', async () => {
    renderTab(<StaffTab />, {
      'GET /api/admin/journalists': [journalist(4, 'Sara Lind', { expertise: ['Film', 'Teater', 'Musik', 'Dans'], status: 'freelance', specialty: 'Kultur' })],
    });
    const card = within(rowOf(await screen.findByText('Sara Lind')));
    for (const text of ['Reporter', 'Kultur', 'Freelance', 'Film', 'Teater', 'Musik']) expect(card.getByText(text)).toBeTruthy();
    expect(card.queryByText('Dans')).toBeNull();
  });

  it('edits and deletes a journalist from the card (contract.md §3)', async () => {
    const { count } = renderTab(<StaffTab />, {
      'GET /api/admin/journalists': [journalist(4, 'Sara Lind')],
      'PUT /api/admin/journalists/4': (body: unknown) => ({ status: 200, body: { ...journalist(4, 'Sara Lind'), ...(body as object) } }),
      'DELETE /api/admin/journalists/4': noContent,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit “Sara Lind”' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Journalist' }));
    fireEvent.change(dialog.getByLabelText('Title'), { target: { value: 'Kulturchef' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Update Journalist' }));
    expect(await screen.findByText('Journalist updated successfully!')).toBeTruthy();
    expect(count('PUT', '/api/admin/journalists/4')).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Delete “Sara Lind”' }));
    confirmDelete();
    expect(await screen.findByText('Journalist deleted successfully')).toBeTruthy();
    expect(count('DELETE', '/api/admin/journalists/4')).toBe(1);
  });

  it('opens Add Journalist', async () => {
    renderTab(<StaffTab />, { 'GET /api/admin/journalists': [] });
    expect(await screen.findByText('No journalists yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Journalist' }));
    expect(screen.getByRole('dialog', { name: 'Add Journalist' })).toBeTruthy();
  });
});
