import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PersonProfile } from '@redaktion/shared';
import { installDialogPolyfill, resetAdminScreens, jsonFetch, renderAdmin, staffUser } from '../test/render';
import { PersonForm } from './PersonForm';

beforeAll(installDialogPolyfill);
afterEach(resetAdminScreens);

const CATEGORIES = [
  { id: 1, name: 'Samhälle', slug: 'society', description: null, color: null, active: true },
  { id: 2, name: 'Kultur', slug: 'culture', description: null, color: null, active: true },
];

const person: PersonProfile = {
  id: 4, name: 'Maja Lind', title: 'Havets röst', excerpt: 'Forskaren som lyssnar på valar.', bio: 'Första stycket.\n\nAndra stycket.',
  category: 'society', profileImage: '/uploads/images/maja.webp', location: 'Göteborg', birthDate: '1978-04-17',
  achievements: ['Årets forskare 2020'], photoGallery: ['/uploads/images/a.webp', '/uploads/images/b.webp'],
  socialLinks: { twitter: 'https://x.com/majalind' }, author: 'Rut Redaktör', readTime: 6, featured: true, status: 'published',
  publishedAt: '2026-03-01T08:00:00.000Z', createdAt: '2026-03-01T08:00:00.000Z', updatedAt: '2026-03-01T08:00:00.000Z',
};

const dialog = (name: string) => within(screen.getByRole('dialog', { name }));

describe('the people profile form', () => {
  it('shows every required-field message of the spec', async () => {
    const api = jsonFetch({ 'GET /api/admin/categories': CATEGORIES });
    renderAdmin(<PersonForm profile={null} onClose={() => undefined} />, { fetch: api.fetch, user: staffUser() });
    const form = dialog('Create Profile');
    fireEvent.change(form.getByLabelText('Read time (minutes)'), { target: { value: '' } });
    fireEvent.click(form.getByRole('button', { name: 'Create Profile' }));
    for (const message of ['Name is required', 'Article title is required', 'Category is required', 'Article excerpt is required',
      'Article content is required', 'Profile image is required', 'Author is required', 'Read time is required']) {
      expect(await form.findByText(message)).toBeTruthy();
    }
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('edits a profile: its bio is the content, lists are edited in place, the whole profile is sent', async () => {
    const onClose = vi.fn();
    const api = jsonFetch({
      'GET /api/admin/categories': CATEGORIES,
      'PUT /api/admin/people-profiles/4': (body: unknown) => ({ status: 200, body: { ...person, ...(body as object) } }),
    });
    renderAdmin(<PersonForm profile={person} onClose={onClose} />, { fetch: api.fetch, user: staffUser() });
    const form = dialog('Edit Profile');
    expect((form.getByLabelText('Profile text') as HTMLTextAreaElement).value).toBe('Första stycket.\n\nAndra stycket.');
    await form.findByRole('option', { name: 'Kultur' });
    fireEvent.change(form.getByLabelText('Category'), { target: { value: 'culture' } });
    fireEvent.change(form.getByLabelText('Add an achievement'), { target: { value: 'Polarpriset 2024' } });
    fireEvent.keyDown(form.getByLabelText('Add an achievement'), { key: 'Enter' });
    fireEvent.click(form.getByRole('button', { name: 'Delete “Årets forskare 2020”' }));
    fireEvent.click(form.getByRole('button', { name: 'Delete gallery photo 1' }));
    fireEvent.change(form.getByLabelText('Instagram'), { target: { value: 'https://instagram.com/majalind' } });
    fireEvent.click(form.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'Maja Lind', title: 'Havets röst', category: 'culture', excerpt: 'Forskaren som lyssnar på valar.',
      content: 'Första stycket.\n\nAndra stycket.', profileImage: '/uploads/images/maja.webp', author: 'Rut Redaktör', readTime: 6,
      status: 'published', featured: true, location: 'Göteborg', birthDate: '1978-04-17', achievements: ['Polarpriset 2024'],
      photoGallery: ['/uploads/images/b.webp'], socialLinks: { twitter: 'https://x.com/majalind', instagram: 'https://instagram.com/majalind' },
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows a refused social link under the social links and sends nothing', async () => {
    const api = jsonFetch({ 'GET /api/admin/categories': CATEGORIES });
    renderAdmin(<PersonForm profile={person} onClose={() => undefined} />, { fetch: api.fetch, user: staffUser() });
    const form = dialog('Edit Profile');
    fireEvent.change(form.getByLabelText('LinkedIn'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(form.getByRole('button', { name: 'Update Profile' }));
    expect(await form.findByText('Social links must be http(s) URLs')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});
