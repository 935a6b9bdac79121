import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetAdminScreens, jsonFetch, renderAdmin, staffUser } from '../test/render';
import { CATEGORIES, article } from '../test/fixtures';
import { OverviewTab } from './Overview';

afterEach(resetAdminScreens);

describe('the Overview tab', () => {
  it('shows the four figures with trends from the real numbers, the week\'s readers and the five latest articles', async () => {
    const api = jsonFetch({
      'GET /api/admin/categories': CATEGORIES,
      'GET /api/admin/stats': {
        articles: { total: 1234, published: 1200, thisWeek: 5, lastWeek: 2 },
        podcasts: { total: 40, published: 38, thisWeek: 0, lastWeek: 3 },
        advertisements: { active: 4 }, approvals: { pending: 2 }, users: { total: 10, thisWeek: 1, lastWeek: 1 },
        revenue: { meteredReads: { thisWeek: 37, lastWeek: 12 }, giftOpens: { thisWeek: 8, lastWeek: 0 }, conversions: { thisWeek: 3, lastWeek: 1 } },
      },
      'GET /api/admin/articles': [1, 2, 3, 4, 5, 6].map((n) => article(n, `Artikel ${n}`, { status: n === 1 ? 'pending' : 'published' })),
    });
    renderAdmin(<OverviewTab />, { fetch: api.fetch, user: staffUser() });
    const card = (label: string) => within(screen.getByText(label).closest('li')!);
    await screen.findByText('Total Articles');
    expect(card('Total Articles').getByText('1,234')).toBeTruthy();
    expect(card('Total Articles').getByText('1,200 published')).toBeTruthy();
    expect(card('Total Articles').getByText('↑ 5 new this week, up from 2 last week')).toBeTruthy();
    expect(card('Total Podcasts').getByText('↓ 0 new this week, down from 3 last week')).toBeTruthy();
    expect(card('Active Ads').getByText('4')).toBeTruthy();
    expect(card('Pending Reviews').getByText('2')).toBeTruthy();

    // The week's readers: registrations, metered reads, gift opens and conversions against last week.
    const readers = within(screen.getByRole('region', { name: 'Readers this week' }));
    const figure = (label: string) => within(readers.getByText(label).closest('li')!);
    expect(figure('Registrations').getByText('1 last week')).toBeTruthy();
    expect(figure('Metered reads').getByText('37')).toBeTruthy();
    expect(figure('Metered reads').getByText('12 last week')).toBeTruthy();
    expect(figure('Gift opens').getByText('8')).toBeTruthy();
    expect(figure('Conversions').getByText('3')).toBeTruthy();

    const recent = within(screen.getByRole('region', { name: 'Recent Activity' }));
    expect(await recent.findByText('Artikel 5')).toBeTruthy();
    expect(recent.queryByText('Artikel 6')).toBeNull();
    expect(recent.getByText('Pending Review')).toBeTruthy();
    expect(recent.getAllByText('by Rut Redaktör')).toHaveLength(5);
  });
});
