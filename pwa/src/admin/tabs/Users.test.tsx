import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '@redaktion/shared';
import { resetAdminScreens, jsonFetch, renderAdmin, staffUser } from '../test/render';
import { UsersTab } from './Users';

afterEach(resetAdminScreens);

const me = staffUser('super_admin');
const reader: User = { ...me, id: 2, username: 'lasare', email: 'lasare@example.se', firstName: 'Lars', lastName: 'Läsare', role: 'user' };

describe('the Users tab', () => {
  it('searches, changes a role and deactivates an account', async () => {
    let people = [me, reader];
    const api = jsonFetch({
      'GET /api/admin/users': () => ({ status: 200, body: people }),
      'PATCH /api/admin/users/2': (body: unknown) => {
        people = people.map((p) => (p.id === 2 ? { ...p, ...(body as object) } : p));
        return { status: 200, body: people[1] };
      },
    });
    renderAdmin(<UsersTab />, { fetch: api.fetch, user: me });
    const row = within((await screen.findByText('lasare')).closest('li')!);
    expect(row.getByText('Lars Läsare')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: ' lars ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/admin/users?limit=100&q=lars')).toBe(true));

    fireEvent.change(await screen.findByLabelText('Role for lasare'), { target: { value: 'admin' } });
    expect(await screen.findByText('User updated')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Role for lasare') as HTMLSelectElement).value).toBe('admin'));
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate lasare' }));
    expect(await screen.findByRole('button', { name: 'Reactivate lasare' })).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ role: 'admin' }, { active: false }]);
  });

  it("shows the server's refusal, and the role stays as it was", async () => {
    const api = jsonFetch({
      'GET /api/admin/users': [me],
      'PATCH /api/admin/users/1': () => ({ status: 403, body: { error: 'You cannot change your own role or deactivate your own account', code: 'forbidden' } }),
    });
    renderAdmin(<UsersTab />, { fetch: api.fetch, user: me });
    fireEvent.change(await screen.findByLabelText('Role for redaktor'), { target: { value: 'user' } });
    expect(await screen.findByText('You cannot change your own role or deactivate your own account')).toBeTruthy();
    expect(screen.getByText('Failed to update user')).toBeTruthy();
    expect((screen.getByLabelText('Role for redaktor') as HTMLSelectElement).value).toBe('super_admin');
  });
});
