import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { stockholmDay } from '@redaktion/shared';
import { adminPageFor, until } from './support/admin.js';
import { axeFindings } from './support/accessibility.js';
import { PHONE, scriptsFetched, seededServerAndBrowser } from './support/browser.js';

/**
 * The newsroom's figures in the admin (contract §9 [insight]), in Chromium against the whole server: the Insights tab
 * with its chart drawn, its tables, the CSV and the way to an article's editor, where that article's figures are.
 * The figures are written as the rollup writes them, for days already closed (the rollup never makes those again).
 */
const env = seededServerAndBrowser();
const EDITOR = { username: 'siffror', email: 'siffror@redaktion.se', password: 'siffror-lösen-1' };
const DAY_MS = 86_400_000;
const daysAgo = (days: number) => stockholmDay(new Date(Date.now() - days * DAY_MS));

let page: Page;
adminPageFor(env, EDITOR, (opened) => { page = opened; });

let article: { id: number; title: string };
let episode: { id: number; title: string };

beforeAll(async () => {
  const db = env.server.db;
  article = (await db('articles').where({ status: 'published', kind: 'article' }).orderBy('id').first('id', 'title')) as typeof article;
  episode = (await db('podcasts').where({ status: 'published' }).orderBy('id').first('id', 'title')) as typeof episode;
  const rolledAt = new Date().toISOString();
  const sources = { sourceSearch: 60, sourceSocial: 20, sourceNewsletter: 10, sourcePush: 5, sourceOther: 0, sourceDirect: 5 };
  await db('insight_days').insert([2, 1].map((ago) => ({
    day: daysAgo(ago), views: 100 * ago, readers: 80 * ago, listeners: 10, subscriptionsStarted: 2, subscriptionsCompleted: 1, ...sources, rolledAt,
  })));
  await db('insight_hours').insert([8, 9].map((hour) => ({ hour: `${daysAgo(1)}T0${hour}:00:00.000Z`, day: daysAgo(1), views: hour * 5, readers: hour * 4 })));
  await db('insight_day_articles').insert({
    day: daysAgo(1), articleId: article.id, views: 80, readers: 40, read25: 30, read50: 20, read75: 10, read100: 4,
    listen0: 10, listen25: 8, listen50: 6, listen75: 4, listen100: 2, ...sources, subscriptionsStarted: 2, subscriptionsCompleted: 1,
  });
  await db('insight_day_episodes').insert({ day: daysAgo(1), episodeId: episode.id, views: 30, listen0: 20, listen25: 15, listen50: 10, listen75: 6, listen100: 5 });
  // Two readers on the article this minute.
  const now = new Date();
  await db('insight_events').insert(['a', 'b'].map((reader) => ({
    at: now.toISOString(), day: stockholmDay(now), type: 'view', path: `/article/${article.id}`, articleId: article.id, reader: reader.repeat(64), source: 'direct',
  })));
});

const cells = (row: ReturnType<Page['getByRole']>) => row.getByRole('cell').allTextContents();

describe('the Insights tab', () => {
  it('shows who reads now, the week drawn day by day and hour by hour, the articles\' read depth and the episodes, and passes axe', async () => {
    await page.goto(`${env.server.url}/admin?tab=insights`);
    const now = page.getByRole('region', { name: 'Right now' });
    await until(now.getByRole('row', { name: new RegExp(article.title) }));
    expect(await cells(now.getByRole('row', { name: new RegExp(article.title) }))).toEqual(['2']);

    const period = page.getByRole('region', { name: 'Figures for a period' });
    await period.getByLabel('Period').selectOption({ label: 'Last 7 days' });
    await until(period.getByText('Views and readers by hour', { exact: true }));
    // uPlot has drawn both charts: a canvas each, as wide as the panel.
    await expect.poll(() => period.locator('.insights-chart-canvas canvas').count()).toBe(2);
    expect(await period.locator('.insights-chart-canvas canvas').first().evaluate((canvas) => canvas.getBoundingClientRect().width)).toBeGreaterThan(600);

    const articles = period.getByRole('region', { name: 'Top articles' });
    expect(await cells(articles.getByRole('row', { name: new RegExp(article.title) }))).toEqual(['80', '40', '75%', '50%', '25%', '10%', '20%', '2', '1']);
    const episodes = period.getByRole('region', { name: 'Top episodes' });
    expect(await cells(episodes.getByRole('row', { name: new RegExp(episode.title) }))).toEqual(['30', '20', '75%', '50%', '30%', '25%']);

    // The numbers behind the chart, a click away for the keyboard and a screen reader.
    await period.getByText('The numbers').first().click();
    const byDay = period.getByRole('table', { name: 'Views and readers by day' });
    expect(await byDay.getByRole('row').count()).toBe(8);
    expect(await findingsOf(page)).toEqual([]);
  });

  it('downloads the period\'s figures as CSV', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`redaktion-insights-${daysAgo(6)}-${stockholmDay()}.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain(`article,,${article.id},${article.title}`);
  });

  it('opens a top article in its editor, where its own figures are', async () => {
    await page.getByRole('region', { name: 'Top articles' }).getByRole('link', { name: article.title }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Article' });
    await until(dialog);
    expect(await dialog.getByLabel('Title', { exact: true }).inputValue()).toBe(article.title);
    await dialog.getByText('Figures, last 30 days').click();
    const figure = (label: string) => dialog.locator('.insights-article dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd');
    await until(figure('Views'));
    expect(await figure('Views').textContent()).toBe('80');
    expect(await figure('Readers who read to 50%').textContent()).toBe('50%');
    expect(await figure('Read-aloud').textContent()).toBe('10 began listening, 20% to the end');
  });
});

describe('the reader', () => {
  it('never fetches the chart library', async () => {
    const context = await env.browser.newContext({ ...PHONE, locale: 'sv-SE' });
    const { files } = await scriptsFetched(await context.newPage(), `${env.server.url}/article/${article.id}`, 3000);
    expect(files.map(([file]) => file).join(' ')).not.toMatch(/draw-chart|assets\/admin\//);
    await context.close();
  });
});

const findingsOf = (on: Page) => axeFindings(on, 'insights');
