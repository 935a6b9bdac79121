import { describe, expect, it } from 'vitest';
import type { Article, LiveEntries, LiveEntry, LockedLiveEntry } from '@redaktion/shared';
import { parseArticle } from '@redaktion/shared/content';
import { liveBlogPosting } from './structured-data';

const ORIGIN = 'https://redaktion.example';
const LIVE: Article = {
  id: 7, title: 'Just nu: stormen Amy', excerpt: 'Vi följer stormen.', locked: false, category: 'news', imageUrl: null, imageAlt: null,
  imageCredit: null, author: 'Redaktionen', authorImage: null, authorTitle: null, readTime: 2, publishedAt: '2026-11-25T19:00:00.000Z',
  featured: false, categoryFeatured: false, premium: false, status: 'published', kind: 'live', liveStatus: 'live',
  coverageStartTime: '2026-11-25T19:00:00.000Z', coverageEndTime: null, audioUrl: null, createdAt: '2026-11-25T19:00:00.000Z', updatedAt: '2026-11-25T19:00:00.000Z',
};
/** Two entries, as an entitled reader gets them or, `locked`, as a reader not entitled to a premium article does. */
function entries(locked: boolean): LiveEntries {
  const shown: LockedLiveEntry[] = [
    { id: 2, createdAt: '2026-11-26T09:32:00.000Z', updatedAt: '2026-11-26T09:50:00.000Z', title: 'Presskonferensen börjar', keyEvent: true, pinned: false, locked: true },
    { id: 1, createdAt: '2026-11-26T08:00:00.000Z', updatedAt: '2026-11-26T08:00:00.000Z', title: null, keyEvent: false, pinned: false, locked: true },
  ];
  const content = (id: number) => `Inlägg ${id}: SMHI varnar för **orkanbyar**.`;
  return {
    status: 'live', deleted: [], cursor: '4', older: null,
    entries: locked ? shown : shown.map(({ locked: _locked, ...entry }): LiveEntry => ({
      ...entry, content: content(entry.id), html: '', body: parseArticle(content(entry.id)), author: { name: 'Anna' },
    })),
  };
}

describe('a live article\'s JSON-LD', () => {
  it('is a LiveBlogPosting with its coverage\'s times and each entry as a BlogPosting with its text as words', () => {
    const posting = liveBlogPosting(ORIGIN, { ...LIVE, liveStatus: 'ended', coverageEndTime: '2026-11-26T12:00:00.000Z' }, undefined, entries(false));
    expect(posting).toMatchObject({
      '@type': 'LiveBlogPosting', headline: LIVE.title, coverageStartTime: LIVE.coverageStartTime, coverageEndTime: '2026-11-26T12:00:00.000Z',
      dateModified: '2026-11-26T09:50:00.000Z',
    });
    expect(posting.liveBlogUpdate).toEqual([
      {
        '@type': 'BlogPosting', headline: 'Presskonferensen börjar', datePublished: '2026-11-26T09:32:00.000Z', dateModified: '2026-11-26T09:50:00.000Z',
        url: `${ORIGIN}/article/7#entry-2`, articleBody: 'Inlägg 2: SMHI varnar för orkanbyar.',
      },
      {
        '@type': 'BlogPosting', headline: 'Inlägg 1: SMHI varnar för orkanbyar.', datePublished: '2026-11-26T08:00:00.000Z',
        url: `${ORIGIN}/article/7#entry-1`, articleBody: 'Inlägg 1: SMHI varnar för orkanbyar.',
      },
    ]);
  });

  it('has no end while the coverage goes on, and no text of an entry the reader may not read', () => {
    const posting = liveBlogPosting(ORIGIN, { ...LIVE, premium: true, locked: true }, undefined, entries(true));
    expect(posting).not.toHaveProperty('coverageEndTime');
    expect(posting).toMatchObject({ isAccessibleForFree: false });
    expect(posting.liveBlogUpdate).toEqual([
      { '@type': 'BlogPosting', headline: 'Presskonferensen börjar', datePublished: '2026-11-26T09:32:00.000Z', dateModified: '2026-11-26T09:50:00.000Z', url: `${ORIGIN}/article/7#entry-2` },
      { '@type': 'BlogPosting', headline: LIVE.title, datePublished: '2026-11-26T08:00:00.000Z', url: `${ORIGIN}/article/7#entry-1` },
    ]);
  });
});
