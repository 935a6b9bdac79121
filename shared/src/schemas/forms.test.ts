import { describe, expect, it } from 'vitest';
import { episodeFormSchema, interviewFormSchema } from './admin.js';
import { formatClock, relativeTime, minutesToSeconds, secondsToMinutes } from '../helpers/time.js';
import { slugify } from '../helpers/slug.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('the episode form (minutes)', () => {
  it('has the spec defaults: duration 30, episode number 1, status published', () => {
    const parsed = episodeFormSchema.parse({ title: 'T', description: 'D', audioUrl: '/api/admin/audio/a.mp3', seriesId: 2 });
    expect(parsed).toMatchObject({ duration: 30, episodeNumber: 1, status: 'published', featured: false, premium: false });
  });

  it('falls back to episode number 1 when the input cannot be parsed', () => {
    expect(episodeFormSchema.parse({ title: 'T', description: 'D', audioUrl: 'x', seriesId: 1, episodeNumber: 'abc' }).episodeNumber).toBe(1);
  });

  it.each([
    [{ title: '' }, 'Episode title is required'],
    [{ description: '  ' }, 'Description is required'],
    [{ duration: 0 }, 'Duration must be greater than 0'],
    [{ audioUrl: '' }, 'Audio file is required'],
    [{ seriesId: 0 }, 'Please select a podcast series'],
  ])('says %j → %s', (override, message) => {
    const result = episodeFormSchema.safeParse({ title: 'T', description: 'D', audioUrl: 'x', seriesId: 1, duration: 30, ...override });
    expect(firstMessage(result)).toBe(message);
  });
});

describe('the interview form', () => {
  it('needs no series or audio, and says Duration is required', () => {
    expect(interviewFormSchema.safeParse({ title: 'T', description: 'D', duration: 12 }).success).toBe(true);
    expect(firstMessage(interviewFormSchema.safeParse({ title: 'T', description: 'D' }))).toBe('Duration is required');
    expect(firstMessage(interviewFormSchema.safeParse({ title: '', description: 'D', duration: 3 }))).toBe('Title is required');
  });
});

describe('pure helpers', () => {
  it('converts durations and formats the player clock', () => {
    expect(minutesToSeconds(30)).toBe(1800);
    expect(secondsToMinutes(1799)).toBe(29);
    expect(formatClock(125.7)).toBe('2:05');
    expect(formatClock(Number.NaN)).toBe('0:00');
  });

  it('tells relative time as the spec does', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(relativeTime('2026-11-22T11:30:00Z', now)).toEqual({ unit: 'now' });
    expect(relativeTime('2026-11-22T11:30:00Z', now, true)).toEqual({ unit: 'minutes', count: 30 });
    expect(relativeTime('2026-11-22T07:00:00Z', now)).toEqual({ unit: 'hours', count: 5 });
    expect(relativeTime('2026-11-19T12:00:00Z', now)).toEqual({ unit: 'days', count: 3 });
    expect(relativeTime('not a date', now)).toBeNull();
  });

  it('makes slugs from Swedish titles', () => {
    expect(slugify('Åsa möter Östersunds äldsta!')).toBe('asa-moter-ostersunds-aldsta');
    expect(slugify('???')).toBe('item');
  });
  it('refuses episode number 0 and reads an unreadable one as 1 (admin-area.md §5)', () => {
    const base = { title: 'A', description: 'B', duration: 30, audioUrl: '/api/admin/audio/a.mp3', seriesId: 1 };
    const zero = episodeFormSchema.safeParse({ ...base, episodeNumber: 0 });
    expect(zero.success ? null : zero.error.issues[0]?.message).toBe('Episode number is required');
    expect(episodeFormSchema.parse({ ...base, episodeNumber: 'tre' }).episodeNumber).toBe(1);
    expect(episodeFormSchema.parse({ ...base, episodeNumber: '' }).episodeNumber).toBe(1);
    expect(episodeFormSchema.parse({ ...base, episodeNumber: '4' }).episodeNumber).toBe(4);
  });
});
