import { describe, expect, it } from 'vitest';
import { stockholmDay, stockholmMonth } from './time.js';

describe('Stockholm calendar periods', () => {
  it('start a month at midnight in Stockholm, in winter (UTC+1) and in summer (UTC+2)', () => {
    expect(stockholmMonth(new Date('2026-11-30T22:59:59Z'))).toBe('2026-11');
    expect(stockholmMonth(new Date('2026-11-30T23:00:00Z'))).toBe('2026-12');
    expect(stockholmMonth(new Date('2026-06-30T21:59:59Z'))).toBe('2026-06');
    expect(stockholmMonth(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07');
    expect(stockholmDay(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});
