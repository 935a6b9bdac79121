import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SharedFeed, User } from '@redaktion/shared';
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

  it('tags the users whose private feed was fetched from many networks in a day', async () => {
    const editor: User = { ...reader, id: 3, username: 'delare', email: 'delare@example.se', role: 'user' };
    const day = (userId: number, username: string, date: string, networks: number, revoked: boolean): SharedFeed =>
      ({ userId, username, email: `${username}@example.se`, day: date, networks, downloads: networks * 3, revoked });
    const api = jsonFetch({
      'GET /api/admin/users': [me, reader, editor],
      'GET /api/admin/podcast-feeds/shared': [
        day(2, 'lasare', '2026-11-20', 9, false),
        day(2, 'lasare', '2026-11-22', 14, true),
        day(2, 'lasare', '2026-11-21', 12, false),
        day(3, 'delare', '2026-11-23', 11, true),
      ],
    });
    renderAdmin(<UsersTab />, { fetch: api.fetch, user: me });
    const readerRow = within((await screen.findByText('lasare')).closest('li')!);
    // The live token's worst day, not the rotated one with more networks.
    const flag = await readerRow.findByText('Feed shared: 12 networks on 21 Nov 2026');
    expect(flag.getAttribute('title')).toBe('Their private podcast feed was fetched from 12 networks in one day (36 downloads)');
    expect(within(screen.getByText('delare').closest('li')!).getByText('Shared feed, token rotated')).toBeTruthy();
    expect(within(screen.getByText('redaktor').closest('li')!).queryByText(/shared/i)).toBeNull();
  });

  it('shows the flag in Swedish', async () => {
    const api = jsonFetch({
      'GET /api/admin/users': [me, reader],
      'GET /api/admin/podcast-feeds/shared': [{ userId: 2, username: 'lasare', email: 'lasare@example.se', day: '2026-11-21', networks: 12, downloads: 40, revoked: false }],
    });
    renderAdmin(<UsersTab />, { fetch: api.fetch, user: me, locale: 'sv' });
    const row = within((await screen.findByText('lasare')).closest('li')!);
    expect(await row.findByText('Delat flöde: 12 nätverk den 21 nov. 2026')).toBeTruthy();
  });

  it('lists the users without tags when the flags cannot be read', async () => {
    const api = jsonFetch({
      'GET /api/admin/users': [me, reader],
      'GET /api/admin/podcast-feeds/shared': () => ({ status: 500, body: { error: 'Internal error', code: 'internal' } }),
    });
    renderAdmin(<UsersTab />, { fetch: api.fetch, user: me });
    const row = within((await screen.findByText('lasare')).closest('li')!);
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/admin/podcast-feeds/shared')).toBe(true));
    expect(row.queryByText(/Feed shared/)).toBeNull();
    expect(row.getByRole('button', { name: 'Deactivate lasare' })).toBeTruthy();
  });

  it("shows each reader's plan or pass with its end, and the offer they took", async () => {
    const subscriber = { ...reader, subscriptionPlan: 'monthly' as const, subscriptionStatus: 'trialing', offer: 'PROVA14' };
    const passHolder = { ...reader, id: 3, username: 'passare', email: 'passare@example.se', accessUntil: '2099-12-24T10:00:00.000Z', offer: null };
    const ended = { ...reader, id: 4, username: 'slut', email: 'slut@example.se', accessUntil: '2020-01-10T10:00:00.000Z', offer: null };
    const api = jsonFetch({ 'GET /api/admin/users': [{ ...me, offer: null }, subscriber, passHolder, ended] });
    renderAdmin(<UsersTab />, { fetch: api.fetch, user: me });
    const row = (name: string) => within(screen.getByText(name).closest('li')!);
    await screen.findByText('passare');
    expect(row('lasare').getByText('Plan: Monthly (trialing)')).toBeTruthy();
    expect(row('lasare').getByText('Offer: PROVA14')).toBeTruthy();
    expect(row('passare').getByText('Pass until 24 Dec 2099')).toBeTruthy();
    expect(row('slut').getByText('Pass ended 10 Jan 2020')).toBeTruthy();
  });
});
