import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Category } from '@redaktion/shared';
import { installDialogPolyfill, resetAdminScreens, jsonFetch, renderAdmin, staffUser } from '../test/render';
import { SettingsTab } from './Settings';

beforeAll(installDialogPolyfill);
afterEach(resetAdminScreens);

const category = (id: number, name: string, active = true): Category =>
  ({ id, name, slug: name.toLowerCase(), description: null, color: null, active });

/** A categories API that keeps what it is told, as the server does. */
function categoriesApi() {
  let categories = [category(1, 'News'), category(2, 'Kultur')];
  return jsonFetch({
    'GET /api/admin/categories': () => ({ status: 200, body: categories }),
    'POST /api/admin/categories': (body: unknown) => {
      const created = category(3, (body as { name: string }).name);
      categories = [...categories, created];
      return { status: 201, body: created };
    },
    'PUT /api/admin/categories/2': (body: unknown) => {
      categories = categories.map((c) => (c.id === 2 ? { ...c, ...(body as object) } : c));
      return { status: 200, body: categories[1] };
    },
    'DELETE /api/admin/categories/1': () => {
      categories = categories.filter((c) => c.id !== 1);
      return { status: 204, body: null };
    },
  });
}

const writes = (api: ReturnType<typeof jsonFetch>) => api.calls.filter((call) => call.method !== 'GET');

describe('the categories editor', () => {
  it('ignores a blank name and a name that exists already (any case), adds a new one and tells the host', async () => {
    const api = categoriesApi();
    const readerDataChanged = vi.fn();
    renderAdmin(<SettingsTab />, { fetch: api.fetch, user: staffUser(), readerDataChanged });
    await screen.findByText('Kultur');
    const input = screen.getByLabelText('New category');
    const add = screen.getByRole('button', { name: 'Add' });

    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(add);
    fireEvent.change(input, { target: { value: ' kultur ' } });
    fireEvent.click(add);
    expect(screen.getByText('A category with this name already exists.')).toBeTruthy();
    expect(writes(api)).toEqual([]);

    fireEvent.change(input, { target: { value: ' Sport ' } });
    expect(screen.queryByText('A category with this name already exists.')).toBeNull();
    fireEvent.click(add);
    expect(await screen.findByText('Category added')).toBeTruthy();
    expect(writes(api)).toEqual([{ method: 'POST', path: '/api/admin/categories', body: { name: 'Sport' } }]);
    expect(await screen.findByText('Sport')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('');
    // The reader's menus list the categories: the host is told to load them again.
    expect(readerDataChanged.mock.calls).toEqual([[['/api/categories']]]);
  });

  it("shows the server's reason when it refuses a name", async () => {
    const api = jsonFetch({
      'GET /api/admin/categories': [category(1, 'News')],
      'POST /api/admin/categories': () => ({ status: 409, body: { error: 'Category already exists', code: 'conflict' } }),
    });
    renderAdmin(<SettingsTab />, { fetch: api.fetch, user: staffUser() });
    await screen.findByText('News');
    fireEvent.change(screen.getByLabelText('New category'), { target: { value: 'Nyheter' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Failed to add category')).toBeTruthy();
    expect(screen.getByText('Category already exists')).toBeTruthy();
  });

  it('switches a category off, renames it and deletes another after confirming', async () => {
    const api = categoriesApi();
    renderAdmin(<SettingsTab />, { fetch: api.fetch, user: staffUser() });
    const active = await screen.findByRole('switch', { name: 'Active: Kultur' });
    fireEvent.click(active);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Active: Kultur' }).getAttribute('aria-checked')).toBe('false'));

    fireEvent.click(screen.getByRole('button', { name: 'Rename “Kultur”' }));
    fireEvent.change(screen.getByLabelText('New name for “Kultur”'), { target: { value: 'Kultur & nöje' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Kultur & nöje')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete “News”' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('News')).toBeNull());
    expect(writes(api)).toEqual([
      { method: 'PUT', path: '/api/admin/categories/2', body: { active: false } },
      { method: 'PUT', path: '/api/admin/categories/2', body: { name: 'Kultur & nöje' } },
      { method: 'DELETE', path: '/api/admin/categories/1', body: undefined },
    ]);
  });

  it('lists the four roles', async () => {
    renderAdmin(<SettingsTab />, { fetch: categoriesApi().fetch, user: staffUser() });
    const roles = within(screen.getByRole('region', { name: 'User Roles' }));
    expect(roles.getByText('super_admin')).toBeTruthy();
    expect(roles.getByText('admin')).toBeTruthy();
    expect(roles.getByText('Can approve and edit content')).toBeTruthy();
    expect(roles.getByText('Can create and submit content')).toBeTruthy();
  });
});
