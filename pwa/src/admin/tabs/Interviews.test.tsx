import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Episode } from '@redaktion/shared';
import { dismissNotice, installDialogPolyfill, resetAdminScreens, jsonFetch, renderAdmin, staffUser } from '../test/render';
import { person } from '../test/fixtures';
import { InterviewsTab } from './Interviews';

beforeAll(installDialogPolyfill);
afterEach(resetAdminScreens);

const episode = (id: number, title: string, extra: Partial<Episode> = {}): Episode => ({
  id, seriesId: 1, kind: 'episode', title, description: 'Veckans nyheter', category: 'news', imageUrl: null, audioUrl: null, locked: false,
  duration: 1800, chapters: [], transcript: null, episodeNumber: 1, publishedAt: '2026-03-01T08:00:00.000Z', featured: false, premium: false, status: 'published',
  createdAt: '2026-03-01T08:00:00.000Z', updatedAt: '2026-03-01T08:00:00.000Z', ...extra,
});

const routes = (podcasts: Episode[], extra: Parameters<typeof jsonFetch>[0] = {}) => jsonFetch({
  'GET /api/admin/podcasts': podcasts, 'GET /api/admin/people-profiles': [], 'GET /api/admin/custom-videos': [], ...extra,
});

describe('the Interviews tab', () => {
  it('lists interviews and episodes that read like one, and leaves the others out', async () => {
    const api = routes([
      episode(1, 'Veckans ekonomi'),
      episode(2, 'Havsforskaren', { kind: 'interview', seriesId: null }),
      episode(3, 'Morgonekot', { description: 'Ett samtal med skolministern' }),
    ]);
    renderAdmin(<InterviewsTab />, { fetch: api.fetch, user: staffUser() });
    expect(await screen.findByText('Havsforskaren')).toBeTruthy();
    expect(screen.getByText('Morgonekot')).toBeTruthy();
    expect(screen.queryByText('Veckans ekonomi')).toBeNull();
    const card = screen.getByText('Havsforskaren').closest('li')!;
    expect(within(card).getByText('30 min')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Havsforskaren' }).getAttribute('href')).toBe('http://admin.test/podcast/2');
  });

  it("opens the reader's pages through the platform: the promo's Explore Collection, an interview, a profile", async () => {
    const openExternal = vi.fn();
    const api = routes([episode(2, 'Havsforskaren', { kind: 'interview', seriesId: null })], {
      'GET /api/admin/people-profiles': [person(8, 'Greta Berg')],
    });
    renderAdmin(<InterviewsTab />, { fetch: api.fetch, user: staffUser(), openExternal });
    const promo = screen.getByRole('complementary', { name: 'Interviews and profiles on the site' });
    const explore = within(promo).getByRole('link', { name: 'Explore Collection (opens in a new tab)' });
    expect(explore.getAttribute('href')).toBe('http://admin.test/people');
    fireEvent.click(explore);
    fireEvent.click(await screen.findByRole('link', { name: 'Havsforskaren' }));
    fireEvent.click(await screen.findByRole('link', { name: 'Greta Berg' }));
    expect(openExternal.mock.calls).toEqual([['http://admin.test/people'], ['http://admin.test/podcast/2'], ['http://admin.test/people/8']]);
  });

  it('says so when no episode is an interview', async () => {
    renderAdmin(<InterviewsTab />, { fetch: routes([episode(1, 'Veckans ekonomi')]).fetch, user: staffUser() });
    expect(await screen.findByText(/No interview podcasts yet/)).toBeTruthy();
  });

  it('changes the status from the card with a PUT of the status alone', async () => {
    let podcasts = [episode(2, 'Havsforskaren', { kind: 'interview', status: 'published' })];
    const api = routes([], {
      'GET /api/admin/podcasts': () => ({ status: 200, body: podcasts }),
      'PUT /api/admin/podcasts/2': (body: unknown) => {
        podcasts = [{ ...podcasts[0]!, status: (body as { status: Episode['status'] }).status }];
        return { status: 200, body: podcasts[0] };
      },
    });
    renderAdmin(<InterviewsTab />, { fetch: api.fetch, user: staffUser() });
    const select = await screen.findByRole('combobox', { name: 'Status of “Havsforskaren”' });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Draft', 'Pending Review', 'Published']);
    fireEvent.change(select, { target: { value: 'draft' } });
    expect(await screen.findByText('Podcast status updated')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'PUT')).toMatchObject({ path: '/api/admin/podcasts/2', body: { status: 'draft' } });
    await waitFor(() => expect(within(screen.getByText('Havsforskaren').closest('li')!).getByText('Draft', { selector: '.admin-status' })).toBeTruthy());
  });

  it('puts the status back and says so when the change fails', async () => {
    const api = routes([episode(2, 'Havsforskaren', { kind: 'interview', status: 'published' })], {
      'PUT /api/admin/podcasts/2': () => ({ status: 500, body: { error: 'Internal error' } }),
    });
    renderAdmin(<InterviewsTab />, { fetch: api.fetch, user: staffUser() });
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Status of “Havsforskaren”' });
    fireEvent.change(select, { target: { value: 'pending' } });
    expect(await screen.findByText('Failed to update podcast status')).toBeTruthy();
    await waitFor(() => expect(select.value).toBe('published'));
  });

  it('deletes an interview after confirming, and says when it cannot', async () => {
    let podcasts = [episode(2, 'Havsforskaren', { kind: 'interview' }), episode(3, 'Konstnären', { kind: 'interview' })];
    const api = routes([], {
      'GET /api/admin/podcasts': () => ({ status: 200, body: podcasts }),
      'DELETE /api/admin/podcasts/2': () => {
        podcasts = podcasts.filter((p) => p.id !== 2);
        return { status: 204, body: null };
      },
      'DELETE /api/admin/podcasts/3': () => ({ status: 500, body: { error: 'Internal error' } }),
    });
    renderAdmin(<InterviewsTab />, { fetch: api.fetch, user: staffUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete “Havsforskaren”' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Interview podcast deleted successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Havsforskaren')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Delete “Konstnären”' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete interview podcast')).toBeTruthy();
    expect(screen.getByText('Konstnären')).toBeTruthy();
  });

  it('opens Create Interview Podcast from New Interview', async () => {
    renderAdmin(<InterviewsTab />, { fetch: routes([]).fetch, user: staffUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'New Interview' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Interview Podcast' });
    expect(within(dialog).getByRole('button', { name: 'Create Interview' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('opens the YouTube Channel Integration modal from the Videos section', async () => {
    renderAdmin(<InterviewsTab />, { fetch: routes([]).fetch, user: staffUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'YouTube & custom videos' }));
    expect(screen.getByRole('dialog', { name: 'YouTube Channel Integration' })).toBeTruthy();
    expect(await screen.findByText('No custom videos yet.')).toBeTruthy();
  });

  it('offers no bulk upload in the browser, which has no queue of its own', async () => {
    renderAdmin(<InterviewsTab />, { fetch: routes([]).fetch, user: staffUser() });
    await screen.findByRole('button', { name: 'YouTube & custom videos' });
    expect(screen.queryByRole('group', { name: 'Upload videos in bulk' })).toBeNull();
  });

  it("hands videos dropped on the Videos section, or chosen, to the host's queue, and shows it on request", async () => {
    const add = vi.fn(async (files: File[]) => files.length);
    const pick = vi.fn(async () => 0);
    const showQueue = vi.fn();
    renderAdmin(<InterviewsTab />, { fetch: routes([]).fetch, user: staffUser(), bulkVideos: { add, pick, showQueue } });
    const drop = await screen.findByRole('group', { name: 'Upload videos in bulk' });
    const files = [new File(['a'], 'Valvaka.mp4', { type: 'video/mp4' }), new File(['b'], 'Hamnen.mp4', { type: 'video/mp4' })];
    fireEvent.drop(drop, { dataTransfer: { files } });
    expect(await screen.findByText('Added to the upload queue: 2')).toBeTruthy();
    expect(add).toHaveBeenCalledWith(files);
    // A cancelled dialog queues nothing and says nothing.
    dismissNotice();
    fireEvent.click(within(drop).getByRole('button', { name: 'Choose videos…' }));
    await waitFor(() => expect(pick).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status').textContent).toBe('');
    fireEvent.click(within(drop).getByRole('button', { name: 'Follow the upload queue' }));
    expect(showQueue).toHaveBeenCalledTimes(1);
  });

  it('says so when the host cannot queue the videos', async () => {
    const add = vi.fn(async () => { throw new Error('The queue could not be saved'); });
    renderAdmin(<InterviewsTab />, { fetch: routes([]).fetch, user: staffUser(), bulkVideos: { add, pick: async () => 0, showQueue: () => undefined } });
    fireEvent.drop(await screen.findByRole('group', { name: 'Upload videos in bulk' }), { dataTransfer: { files: [new File(['a'], 'a.mp4')] } });
    expect(await screen.findByText('The videos could not be queued')).toBeTruthy();
  });
});
