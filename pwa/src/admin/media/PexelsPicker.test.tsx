import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDialogPolyfill, resetAdminScreens, jsonFetch, renderAdmin, staffUser } from '../test/render';
import { PexelsPicker } from './PexelsPicker';

beforeAll(installDialogPolyfill);
afterEach(resetAdminScreens);

const photo = (id: number, alt: string, photographer = `Fotograf ${id}`) => ({
  id, alt, photographer, src: { small: `https://images.pexels.com/${id}-s.jpg`, medium: `https://images.pexels.com/${id}-m.jpg`, large: `https://images.pexels.com/${id}-l.jpg` },
});

const picker = () => within(screen.getByRole('dialog', { name: 'Select Photo from Pexels' }));

describe('Select Photo from Pexels', () => {
  it('shows the curated photos with their photographers when it opens', async () => {
    const api = jsonFetch({ 'GET /api/admin/pexels/curated': { photos: [photo(1, 'Stockholm från ovan', 'Anna Berg')] } });
    renderAdmin(<PexelsPicker open onClose={() => undefined} onSelect={() => undefined} />, { fetch: api.fetch, user: staffUser() });
    expect(await picker().findByText('Photo: Anna Berg')).toBeTruthy();
    expect(picker().getByRole('list').className).toBe('photo-grid');
  });

  it('asks for a search term instead of searching for nothing, and says when a search finds nothing', async () => {
    const api = jsonFetch({ 'GET /api/admin/pexels/curated': { photos: [] }, 'GET /api/admin/pexels/search': { photos: [] } });
    renderAdmin(<PexelsPicker open onClose={() => undefined} onSelect={() => undefined} />, { fetch: api.fetch, user: staffUser() });
    fireEvent.change(picker().getByRole('searchbox'), { target: { value: '   ' } });
    fireEvent.click(picker().getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Search Required')).toBeTruthy();
    expect(screen.getByText('Please enter a search term')).toBeTruthy();
    expect(api.calls.some((call) => call.path.startsWith('/api/admin/pexels/search'))).toBe(false);

    fireEvent.change(picker().getByRole('searchbox'), { target: { value: 'ingenting' } });
    fireEvent.click(picker().getByRole('button', { name: 'Search' }));
    expect(await picker().findByText('No photos found for "ingenting". Try a different search term.')).toBeTruthy();
    expect(api.calls.at(-1)?.path).toBe('/api/admin/pexels/search?query=ingenting');
  });

  it('saves the chosen photo once, ignoring clicks while it saves, then hands over the local copy and closes', async () => {
    let finish: (() => void) | undefined;
    const saved = new Promise<void>((resolve) => { finish = resolve; });
    const api = jsonFetch({
      'GET /api/admin/pexels/curated': { photos: [photo(1, 'Hamnen', 'Anna Berg'), photo(2, 'Skogen')] },
      'POST /api/admin/save-pexels-image': () => ({ status: 200, body: { localUrl: '/uploads/images/hamnen.webp' } }),
    });
    const slowFetch: typeof fetch = async (input, init) => {
      if (String(input).endsWith('/save-pexels-image')) await saved;
      return api.fetch(input, init);
    };
    const onSelect = vi.fn();
    const onClose = vi.fn();
    renderAdmin(<PexelsPicker open onClose={onClose} onSelect={onSelect} />, { fetch: slowFetch, user: staffUser() });
    const first = await picker().findByRole('button', { name: 'Use the photo by Anna Berg: Hamnen' });
    fireEvent.click(first);
    fireEvent.click(first);
    fireEvent.click(picker().getByRole('button', { name: 'Use the photo by Fotograf 2: Skogen' }));
    expect(await picker().findByText('Saving…')).toBeTruthy();
    finish!();
    expect(await screen.findByText('Image Attached Successfully')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([{
      method: 'POST', path: '/api/admin/save-pexels-image',
      body: { imageUrl: 'https://images.pexels.com/1-l.jpg', photographer: 'Anna Berg', alt: 'Hamnen', pexelsId: 1 },
    }]);
    expect(onSelect).toHaveBeenCalledWith({ url: '/uploads/images/hamnen.webp', alt: 'Hamnen', credit: 'Photo: Anna Berg / Pexels' });
    expect(onClose).toHaveBeenCalled();
  });

  it('says when the save fails or gives no address, and lets the editor choose again', async () => {
    let answer = { status: 502, body: { error: 'Pexels: the photo could not be downloaded (404)', code: 'provider_failed' } as object };
    const api = jsonFetch({
      'GET /api/admin/pexels/curated': { photos: [photo(1, 'Hamnen')] },
      'POST /api/admin/save-pexels-image': () => answer,
    });
    const onSelect = vi.fn();
    renderAdmin(<PexelsPicker open onClose={() => undefined} onSelect={onSelect} />, { fetch: api.fetch, user: staffUser() });
    fireEvent.click(await picker().findByRole('button', { name: /Hamnen/ }));
    expect(await screen.findByText('Failed to save image')).toBeTruthy();
    answer = { status: 200, body: {} };
    fireEvent.click(picker().getByRole('button', { name: /Hamnen/ }));
    expect(await screen.findByText('Image saved but no URL returned')).toBeTruthy();
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('says plainly when Pexels is not configured on the server', async () => {
    const api = jsonFetch({ 'GET /api/admin/pexels/curated': () => ({ status: 503, body: { error: 'Pexels is not configured', code: 'not_configured' } }) });
    renderAdmin(<PexelsPicker open onClose={() => undefined} onSelect={() => undefined} />, { fetch: api.fetch, user: staffUser() });
    expect(await picker().findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('PEXELS_API_KEY'));
  });

  it('goes back to the curated photos on Refresh', async () => {
    const api = jsonFetch({ 'GET /api/admin/pexels/curated': { photos: [photo(1, 'Hamnen')] }, 'GET /api/admin/pexels/search': { photos: [photo(5, 'Fjällen')] } });
    renderAdmin(<PexelsPicker open onClose={() => undefined} onSelect={() => undefined} />, { fetch: api.fetch, user: staffUser() });
    fireEvent.change(picker().getByRole('searchbox'), { target: { value: 'fjäll' } });
    fireEvent.click(picker().getByRole('button', { name: 'Search' }));
    expect(await picker().findByText('Photos for “fjäll”')).toBeTruthy();
    fireEvent.click(picker().getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(picker().getByText('Curated photos')).toBeTruthy());
    expect((picker().getByRole('searchbox') as HTMLInputElement).value).toBe('');
  });
});
