import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PendingApproval } from '@redaktion/shared/admin-client';
import { installDialogPolyfill, resetAdminScreens, jsonFetch, renderAdmin, staffUser } from '../test/render';
import { ApprovalsTab } from './Approvals';

beforeAll(installDialogPolyfill);
afterEach(resetAdminScreens);

const item = (id: number, title: string, contentType: PendingApproval['contentType']): PendingApproval => ({
  id, contentType, contentId: id * 10, title, submittedBy: 3, submittedByName: 'Sara Skribent',
  submittedAt: '2026-03-02T09:30:00.000Z', status: 'pending', comments: null,
});

/** The pending list shrinks as decisions are made, as the server's would. */
function newsroom() {
  let pending = [item(1, 'Budgeten granskad', 'article'), item(2, 'Veckans avsnitt', 'podcast')];
  const api = jsonFetch({
    'GET /api/admin/approvals/pending': () => ({ status: 200, body: pending }),
    'PATCH /api/admin/approvals/1': () => {
      pending = pending.filter((p) => p.id !== 1);
      return { status: 200, body: { id: 1, status: 'approved', comments: null } };
    },
    'PATCH /api/admin/approvals/2': () => {
      pending = pending.filter((p) => p.id !== 2);
      return { status: 200, body: { id: 2, status: 'rejected', comments: 'Ljudet brusar' } };
    },
  });
  renderAdmin(<ApprovalsTab />, { fetch: api.fetch, user: staffUser() });
  return api;
}

describe('the Approvals tab', () => {
  it('shows each pending item with its type, submitter and time', async () => {
    newsroom();
    const card = (await screen.findByRole('heading', { name: 'Budgeten granskad' })).closest('li')!;
    expect(within(card).getByText('Article')).toBeTruthy();
    expect(within(card).getByText('Submitted by Sara Skribent')).toBeTruthy();
    expect(within(card).getByText(/^Submitted 2 Mar 2026/)).toBeTruthy();
    expect(screen.getByText('Podcast')).toBeTruthy();
  });

  it('approves an item: the call, the toast, and the list without it', async () => {
    const api = newsroom();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve “Budgeten granskad”' }));
    expect(await screen.findByText('Content approval updated successfully')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'PATCH')).toEqual({
      method: 'PATCH', path: '/api/admin/approvals/1', body: { status: 'approved' },
    });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Budgeten granskad' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Veckans avsnitt' })).toBeTruthy();
  });

  it('rejects an item with a comment, and shows the empty text when nothing is left', async () => {
    const api = newsroom();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject “Veckans avsnitt”' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Reject “Veckans avsnitt”' }));
    fireEvent.change(dialog.getByLabelText('Comment (optional)'), { target: { value: '  Ljudet brusar ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Content approval updated successfully')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'PATCH')).toEqual({
      method: 'PATCH', path: '/api/admin/approvals/2', body: { status: 'rejected', comments: 'Ljudet brusar' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Approve “Budgeten granskad”' }));
    expect(await screen.findByText('No content is waiting for review.')).toBeTruthy();
  });

  it("shows the server's reason when a decision is refused", async () => {
    const api = jsonFetch({
      'GET /api/admin/approvals/pending': [item(5, 'Gammal text', 'profile')],
      'PATCH /api/admin/approvals/5': () => ({ status: 409, body: { error: 'This item was already approved', code: 'conflict' } }),
    });
    renderAdmin(<ApprovalsTab />, { fetch: api.fetch, user: staffUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Approve “Gammal text”' }));
    expect(await screen.findByText('This item was already approved')).toBeTruthy();
    expect(screen.getByText('Failed to update content approval')).toBeTruthy();
  });
});
