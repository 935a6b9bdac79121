import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATEGORIES } from './test/fixtures';
import { jsonFetch, renderAdmin, resetAdminScreens, staffUser } from './test/render';
import { AdminDashboard } from './Dashboard';

afterEach(resetAdminScreens);

const openReaderPage = vi.fn();

const pendingItem = (id: number) => ({
  id, contentType: 'article', contentId: id, title: `Artikel ${id}`, submittedBy: 2, submittedByName: 'sara', submittedAt: '2026-03-01T08:00:00.000Z',
  status: 'pending', comments: null,
});

function renderDashboard({ role = 'admin', pending = 0, locale = 'en' }: { role?: 'admin' | 'super_admin'; pending?: number; locale?: 'sv' | 'en' } = {}) {
  const api = jsonFetch({
    'GET /api/admin/approvals/pending': Array.from({ length: pending }, (_, index) => pendingItem(index + 1)),
    'GET /api/admin/categories': CATEGORIES,
    'GET /api/admin/articles': [],
  });
  renderAdmin(<AdminDashboard />, { fetch: api.fetch, user: staffUser(role), locale, openReaderPage });
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('the admin dashboard', () => {
  it('has the tabs of the spec in order, a back link and the role badge; Overview first', () => {
    renderDashboard();
    expect(tabNames()).toEqual(['Overview', 'Insights', 'Articles', 'Podcasts', 'Ads', 'Interviews', 'Staff', 'Approvals', 'AI Generator', 'Newsletter and alerts', 'Offers', 'Settings']);
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Overview' })).toBeTruthy();
    const back = screen.getByRole('link', { name: '← Back to site' });
    expect(back.getAttribute('href')).toBe('http://admin.test/');
    fireEvent.click(back);
    expect(openReaderPage).toHaveBeenCalledWith('/');
    expect(screen.getByText('Admin', { selector: '.admin-role-badge' })).toBeTruthy();
  });

  it('adds the Users tab and the Super Admin badge for a super_admin only', () => {
    renderDashboard({ role: 'super_admin' });
    expect(tabNames().at(-1)).toBe('Users');
    expect(screen.getByText('Super Admin')).toBeTruthy();
  });

  it('shows the red count of pending items on Approvals, in words for a screen reader', async () => {
    renderDashboard({ pending: 3 });
    const approvals = await screen.findByRole('tab', { name: 'Approvals (3 pending)' });
    const badge = approvals.querySelector('.admin-count-badge')!;
    expect(badge.textContent).toBe('3');
    expect(badge.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows no count when nothing is pending', async () => {
    renderDashboard({ locale: 'sv' });
    await screen.findByRole('tab', { name: 'Översikt' });
    expect(screen.getByRole('tab', { name: 'Granskning' }).querySelector('.admin-count-badge')).toBeNull();
  });

  it('moves between tabs with the arrow keys and shows the chosen panel', async () => {
    renderDashboard();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Overview' }), { key: 'ArrowLeft' });
    const settings = screen.getByRole('tab', { name: 'Settings' });
    expect(settings.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(settings);
    expect(within(screen.getByRole('tabpanel', { name: 'Settings' })).getByRole('heading', { name: 'User Roles' })).toBeTruthy();
  });
});
