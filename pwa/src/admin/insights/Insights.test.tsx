import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InsightArticle, InsightNow, InsightReport } from '@redaktion/shared';
import { AdminDashboard } from '../Dashboard';
import { article as articleItem } from '../test/fixtures';
import { installDialogPolyfill, jsonFetch, renderAdmin, resetAdminScreens, staffUser } from '../test/render';
import { ArticleInsights } from './ArticleInsights';

beforeAll(installDialogPolyfill);
// Today is 27 November 2026 in Stockholm, so the last 30 days run from 29 October.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(new Date('2026-11-27T10:00:00.000Z'));
});
afterEach(() => {
  resetAdminScreens();
  vi.useRealTimers();
});

const sources = (search: number, social: number, newsletter: number, push: number, other: number, direct: number) =>
  ({ search, social, newsletter, push, other, direct });
const quarters = (q25: number, q50: number, q75: number, q100: number) => ({ 25: q25, 50: q50, 75: q75, 100: q100 });

const RIKSDAGEN: InsightArticle = {
  articleId: 7, title: 'Riksdagen röstar', views: 1200, readers: 800, read: quarters(640, 400, 200, 120),
  listen: { began: 50, ...quarters(40, 30, 20, 10) }, sources: sources(500, 200, 100, 50, 50, 100), subscriptionsStarted: 3, subscriptionsCompleted: 1,
};
const VALVAKA: InsightArticle = {
  articleId: 9, title: 'Valvakan', views: 300, readers: 250, read: quarters(100, 50, 25, 0),
  listen: { began: 0, ...quarters(0, 0, 0, 0) }, sources: sources(0, 0, 0, 0, 0, 0), subscriptionsStarted: 0, subscriptionsCompleted: 0,
};

const report = (extra: Partial<InsightReport> = {}): InsightReport => ({
  from: '2026-10-29', to: '2026-11-27', articleId: null, rolledAt: '2026-11-27T09:55:00.000Z',
  days: [
    { day: '2026-11-26', views: 900, readers: 600, listeners: 120, subscriptionsStarted: 2, subscriptionsCompleted: 1 },
    { day: '2026-11-27', views: 600, readers: 450, listeners: 80, subscriptionsStarted: 1, subscriptionsCompleted: 0 },
  ],
  hours: [],
  totals: { views: 1500, listeners: 200, subscriptionsStarted: 3, subscriptionsCompleted: 1, read: quarters(740, 450, 225, 120), sources: sources(500, 200, 100, 50, 50, 100) },
  articles: [RIKSDAGEN, VALVAKA],
  episodes: [{ episodeId: 4, title: 'Morgonpodden', views: 300, listen: { began: 200, ...quarters(150, 100, 60, 40) } }],
  ...extra,
});

const EMPTY: InsightReport = report({
  days: [], articles: [], episodes: [], rolledAt: null,
  totals: { views: 0, listeners: 0, subscriptionsStarted: 0, subscriptionsCompleted: 0, read: quarters(0, 0, 0, 0), sources: sources(0, 0, 0, 0, 0, 0) },
});

const now = (readers: number, pages: InsightNow['pages'] = []): InsightNow => ({ at: '2026-11-27T10:00:00.000Z', minutes: 5, readers, pages });

function openTab(routes: Parameters<typeof jsonFetch>[0], locale: 'en' | 'sv' = 'en') {
  const api = jsonFetch({ 'GET /api/admin/approvals/pending': [], ...routes });
  renderAdmin(<AdminDashboard />, { fetch: api.fetch, user: staffUser(), locale, path: '/admin?tab=insights' });
  return api;
}

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('the Insights tab', () => {
  it('shows who reads now, the period\'s figures, the top articles with their read depth, the episodes, sources and conversions', async () => {
    const api = openTab({
      'GET /api/admin/insights/now': now(12, [
        { path: '/article/7', readers: 8, articleId: 7, episodeId: null, title: 'Riksdagen röstar' },
        { path: '/', readers: 4, articleId: null, episodeId: null, title: null },
      ]),
      'GET /api/admin/insights': report(),
    });
    expect(screen.getByRole('tab', { name: 'Insights', selected: true })).toBeTruthy();

    const rightNow = within(screen.getByRole('region', { name: 'Right now' }));
    expect(await rightNow.findByText('12')).toBeTruthy();
    expect(rightNow.getByText('Readers in the last 5 minutes')).toBeTruthy();
    expect(cells(rightNow.getByRole('row', { name: /Riksdagen röstar/ }))).toEqual(['8']);
    // A page without a title is named by its path.
    expect(cells(rightNow.getByRole('row', { name: /^\/ / }))).toEqual(['4']);

    const period = within(screen.getByRole('region', { name: 'Figures for a period' }));
    expect(await period.findByText('Figures updated 10:55')).toBeTruthy();
    expect(period.getByText('29 Oct 2026 – 27 Nov 2026')).toBeTruthy();
    expect(api.calls.map((call) => call.path)).toContain('/api/admin/insights?from=2026-10-29&to=2026-11-27');
    const totals = within(period.getByRole('list', { name: 'Totals' }));
    expect(within(totals.getByText('Views').closest('li')!).getByText('1,500')).toBeTruthy();
    expect(within(totals.getByText('Subscriptions started').closest('li')!).getByText('3')).toBeTruthy();

    // The chart's numbers, for a screen reader and the keyboard: every day of the period, days without figures as 0.
    const byDay = within(period.getByRole('table', { name: 'Views and readers by day' }));
    expect(byDay.getAllByRole('row')).toHaveLength(31);
    expect(cells(byDay.getByRole('row', { name: /26 Nov 2026/ }))).toEqual(['900', '600']);
    expect(cells(byDay.getByRole('row', { name: /29 Oct 2026/ }))).toEqual(['0', '0']);
    expect(period.queryByRole('table', { name: 'Views and readers by hour' })).toBeNull();

    const articles = within(period.getByRole('region', { name: 'Top articles' }));
    // Views, readers, the share of readers reaching a quarter, the read-aloud heard to the end, subscriptions.
    expect(cells(articles.getByRole('row', { name: /Riksdagen röstar/ }))).toEqual(['1,200', '800', '80%', '50%', '25%', '15%', '20%', '3', '1']);
    expect(cells(articles.getByRole('row', { name: /Valvakan/ }))).toEqual(['300', '250', '40%', '20%', '10%', '0%', '–', '0', '0']);
    expect(articles.getByRole('link', { name: 'Riksdagen röstar' }).getAttribute('href')).toBe('/admin?tab=articles&article=7');

    const episodes = within(period.getByRole('region', { name: 'Top episodes' }));
    expect(cells(episodes.getByRole('row', { name: /Morgonpodden/ }))).toEqual(['300', '200', '75%', '50%', '30%', '20%']);

    const bars = within(period.getByText('Where readers came from').nextElementSibling as HTMLElement);
    expect(within(bars.getByText('Search').closest('li')!).getByText('500 (50%)')).toBeTruthy();
    expect(within(bars.getByText('Push alerts').closest('li')!).getByText('50 (5%)')).toBeTruthy();

    // Conversions: only the articles that started or completed a subscription.
    const conversions = within(period.getByText('Subscriptions from articles').nextElementSibling as HTMLElement);
    expect(conversions.getAllByRole('listitem')).toHaveLength(1);
    expect(conversions.getByText('3 started, 1 completed')).toBeTruthy();

    expect(period.getByRole('link', { name: 'Download CSV' }).getAttribute('href'))
      .toBe('http://admin.test/api/admin/insights.csv?from=2026-10-29&to=2026-11-27');
  });

  it('reads who is reading again every 15 seconds, and tells a screen reader only of a large change', async () => {
    let readers = 12;
    openTab({ 'GET /api/admin/insights/now': () => ({ status: 200, body: now(readers) }), 'GET /api/admin/insights': report() });
    const rightNow = within(screen.getByRole('region', { name: 'Right now' }));
    expect(await rightNow.findByText('12')).toBeTruthy();
    expect(rightNow.getByText('No one is reading just now.')).toBeTruthy();
    const told = () => rightNow.getAllByRole('status').map((status) => status.textContent).join('');

    readers = 13;
    act(() => { vi.advanceTimersByTime(15_000); });
    expect(await rightNow.findByText('13')).toBeTruthy();
    expect(told()).toBe('');

    readers = 30;
    act(() => { vi.advanceTimersByTime(15_000); });
    expect(await rightNow.findByText('30')).toBeTruthy();
    await waitFor(() => expect(told()).toBe('30 readers right now'));
  });

  it('reads a chosen period, hour by hour when it is a week or less, and says what is wrong with the dates', async () => {
    const api = openTab({
      'GET /api/admin/insights/now': now(0),
      'GET /api/admin/insights': report({
        from: '2026-11-20', to: '2026-11-22', days: [],
        hours: [{ hour: '2026-11-21T08:00:00.000Z', views: 40, readers: 30 }, { hour: '2026-11-21T09:00:00.000Z', views: 55, readers: 41 }],
      }),
    });
    const period = within(screen.getByRole('region', { name: 'Figures for a period' }));
    await period.findByText('Figures updated 10:55');
    fireEvent.change(period.getByLabelText('Period'), { target: { value: 'custom' } });
    fireEvent.change(period.getByLabelText('From'), { target: { value: '2026-11-22' } });
    fireEvent.change(period.getByLabelText('To'), { target: { value: '2026-11-20' } });
    fireEvent.click(period.getByRole('button', { name: 'Show' }));
    expect(period.getByText('The first day must be on or before the last')).toBeTruthy();

    fireEvent.change(period.getByLabelText('From'), { target: { value: '2024-11-20' } });
    fireEvent.click(period.getByRole('button', { name: 'Show' }));
    expect(period.getByText('A period is at most 367 days')).toBeTruthy();

    fireEvent.change(period.getByLabelText('From'), { target: { value: '2026-11-20' } });
    fireEvent.change(period.getByLabelText('To'), { target: { value: '2026-11-22' } });
    fireEvent.click(period.getByRole('button', { name: 'Show' }));
    const byHour = within(await period.findByRole('table', { name: 'Views and readers by hour' }));
    // Stockholm's hours: 08:00 UTC is 09:00 in November.
    expect(cells(byHour.getByRole('row', { name: /09:00/ }))).toEqual(['40', '30']);
    expect(within(period.getByRole('table', { name: 'Views and readers by day' })).getAllByRole('row')).toHaveLength(4);
    expect(api.calls.map((call) => call.path)).toContain('/api/admin/insights?from=2026-11-20&to=2026-11-22');
    expect(period.getByRole('link', { name: 'Download CSV' }).getAttribute('href'))
      .toBe('http://admin.test/api/admin/insights.csv?from=2026-11-20&to=2026-11-22');

    fireEvent.change(period.getByLabelText('Period'), { target: { value: '7d' } });
    await waitFor(() => expect(api.calls.map((call) => call.path)).toContain('/api/admin/insights?from=2026-11-21&to=2026-11-27'));
  });

  it('says so in Swedish when there are no figures yet', async () => {
    openTab({ 'GET /api/admin/insights/now': now(0), 'GET /api/admin/insights': EMPTY }, 'sv');
    expect(screen.getByRole('tab', { name: 'Statistik', selected: true })).toBeTruthy();
    expect(await screen.findByText('Inga siffror än för den här perioden.')).toBeTruthy();
    expect(screen.getByText('Siffrorna tas fram med några minuters mellanrum; inga har tagits fram än.')).toBeTruthy();
    expect(screen.getByText('Ingen läser just nu.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ladda ned CSV' })).toBeTruthy();
  });

  it('shows a failed read as the other tabs do, with the server\'s reason', async () => {
    openTab({
      'GET /api/admin/insights/now': () => ({ status: 503, body: { error: 'Service unavailable' } }),
      'GET /api/admin/insights': () => ({ status: 400, body: { error: 'from must be on or before to', code: 'validation_error' } }),
    });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.querySelector('p')?.textContent)).toEqual(
      expect.arrayContaining(['Could not load who is reading now.', 'from must be on or before to']),
    );
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(2);
  });

  it('opens an article its title links to in the Articles tab\'s editor', async () => {
    const api = jsonFetch({ 'GET /api/admin/approvals/pending': [], 'GET /api/admin/articles': [], 'GET /api/admin/articles/7': articleItem(7, 'Riksdagen röstar') });
    renderAdmin(<AdminDashboard />, { fetch: api.fetch, user: staffUser(), path: '/admin?tab=articles&article=7' });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Article' });
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Riksdagen röstar');
  });
});

describe('an article\'s figures in its editor', () => {
  it('reads the last 30 days of that article when opened: views, readers, read depth, read-aloud and sources', async () => {
    const api = jsonFetch({
      'GET /api/admin/insights': report({
        articleId: 7, articles: [RIKSDAGEN], episodes: [],
        totals: { views: 1200, listeners: 0, subscriptionsStarted: 3, subscriptionsCompleted: 1, read: RIKSDAGEN.read, sources: RIKSDAGEN.sources },
      }),
    });
    renderAdmin(<ArticleInsights articleId={7} />, { fetch: api.fetch, user: staffUser() });
    const panel = screen.getByText('Figures, last 30 days').closest('details')!;
    expect(api.calls).toEqual([]);
    panel.open = true;
    fireEvent(panel, new Event('toggle'));

    const figures = within(panel);
    const figure = (label: string) => figures.getAllByRole('term').find((term) => term.textContent === label)?.nextElementSibling?.textContent;
    await figures.findByText('1,200');
    expect(api.calls.map((call) => call.path)).toEqual(['/api/admin/insights?from=2026-10-29&to=2026-11-27&articleId=7']);
    expect(figure('Views')).toBe('1,200');
    expect(figure('Readers')).toBe('800');
    expect(figure('Readers who read to 25%')).toBe('80%');
    expect(figure('Readers who read to 100%')).toBe('15%');
    expect(figure('Read-aloud')).toBe('50 began listening, 20% to the end');
    expect(figure('Subscriptions completed')).toBe('1');
    expect(within(figures.getByText('Search').closest('li')!).getByText('500 (50%)')).toBeTruthy();
    expect(figures.getByRole('table', { name: 'Views and readers by day' })).toBeTruthy();
  });

  it('says in Swedish that there are no figures yet', async () => {
    renderAdmin(<ArticleInsights articleId={7} />, { fetch: jsonFetch({ 'GET /api/admin/insights': EMPTY }).fetch, user: staffUser(), locale: 'sv' });
    const panel = screen.getByText('Siffror, senaste 30 dagarna').closest('details')!;
    panel.open = true;
    fireEvent(panel, new Event('toggle'));
    expect(await within(panel).findByText('Inga siffror än för den här perioden.')).toBeTruthy();
  });
});
