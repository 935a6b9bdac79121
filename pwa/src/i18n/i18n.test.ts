import { beforeAll, describe, expect, it } from 'vitest';
import { en } from './en';
import { formatDate, formatRelative, loadCatalogue, localeFromAcceptLanguage, translator } from './index';
import { sv } from './sv';

// English comes as a chunk of its own, as in the app.
beforeAll(() => loadCatalogue('en'));

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the two catalogues', () => {
  it('have the same keys and the same placeholders', () => {
    expect(Object.keys(sv).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) expect(placeholders(sv[key]), key).toEqual(placeholders(en[key]));
  });

  it("keep the spec's English words", () => {
    expect(en['episode.noAudio']).toBe('Audio not available for this episode');
    expect(en['auth.mismatch']).toBe("Passwords don't match");
    expect(en['series.noEpisodes']).toBe('No Episodes Yet');
  });
});

describe('dates and relative times', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('speaks of age as the spec does, in both languages', () => {
    const t = translator('en');
    expect(formatRelative('2026-11-22T11:59:00Z', t, false, now)).toBe('Just now');
    expect(formatRelative('2026-11-22T11:00:00Z', t, false, now)).toBe('1 hour ago');
    expect(formatRelative('2026-11-22T07:00:00Z', t, false, now)).toBe('5 hours ago');
    expect(formatRelative('2026-11-19T12:00:00Z', t, false, now)).toBe('3 days ago');
    expect(formatRelative('2026-11-22T11:30:00Z', t, true, now)).toBe('30 minutes ago');
    expect(formatRelative('2026-11-19T12:00:00Z', translator('sv'), false, now)).toBe('för 3 dagar sedan');
    expect(formatRelative('nonsense', t, false, now)).toBe('Unknown date');
  });

  it('writes dates in sv-SE, and Unknown date for an invalid one', () => {
    expect(formatDate('2026-11-07T10:00:00Z', 'sv')).toBe('7 november 2026');
    expect(formatDate('not a date', 'en')).toBe('Unknown date');
    expect(formatDate(null, 'sv')).toBe('Okänt datum');
  });

  it('picks Swedish unless the browser prefers English', () => {
    expect(localeFromAcceptLanguage('en-GB,en;q=0.9')).toBe('en');
    expect(localeFromAcceptLanguage('sv-SE,sv;q=0.9,en;q=0.8')).toBe('sv');
    expect(localeFromAcceptLanguage(undefined)).toBe('sv');
  });
});
