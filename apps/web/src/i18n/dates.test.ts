import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay } from './dates';
import { dateLocale } from './index';

describe('dates in the interface language', () => {
  const day = new Date(Date.UTC(2026, 10, 3, 12, 0));
  it('writes English day-month-year, never month-day', () => {
    expect(dateLocale('en')).toBe('en-GB');
    expect(formatDay(day, 'en')).toMatch(/^3 Nov 2026$/);
    expect(formatDay('2026-11-03T12:00:00Z', 'en')).not.toMatch(/^Nov/);
  });
  it('follows French and Arabic conventions', () => {
    expect(formatDay(day, 'fr')).toMatch(/^3 nov\.? 2026$/);
    expect(formatDay(day, 'ar')).not.toBe(formatDay(day, 'en'));
  });
  it('adds the time, and leaves an unreadable value as it is', () => {
    expect(formatDateTime(day, 'en')).toMatch(/^3 Nov 2026, \d\d:\d\d$/);
    expect(formatDay('not a date', 'en')).toBe('not a date');
  });
});
