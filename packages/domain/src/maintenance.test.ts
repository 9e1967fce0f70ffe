import { describe, expect, it } from 'vitest';
import { fixedClock } from './clock.ts';
import { isWithinMaintenance, maintenanceTextLanguage } from './maintenance.ts';

describe('maintenanceTextLanguage', () => {
  it.each([
    ['ru', 'ru'],
    ['az', 'ru'],
    ['kk', 'ru'],
    ['kz', 'ru'],
    ['uk', 'ru'],
    ['ua', 'ru'],
    ['en', 'en'],
    ['de', 'en'],
    ['ar', 'en'],
  ])('%s → %s', (lng, text) => expect(maintenanceTextLanguage(lng)).toBe(text));
});

describe('isWithinMaintenance', () => {
  const now = fixedClock(Date.parse('2025-01-15T12:00:00Z')).now();
  it.each<[string | null, string | null, boolean]>([
    ['2025-01-15T11:00:00Z', '2025-01-15T13:00:00Z', true],
    ['2025-01-15T12:00:00Z', '2025-01-15T13:00:00Z', true],
    ['2025-01-15T10:00:00Z', '2025-01-15T12:00:00Z', false],
    ['2025-01-15T13:00:00Z', '2025-01-15T14:00:00Z', false],
    ['2025-01-15T11:00:00Z', null, true],
    [null, '2025-01-15T13:00:00Z', false],
    [null, null, false],
    ['not a date', null, false],
  ])('%s – %s → %s', (started_at, ended_at, inside) => {
    expect(isWithinMaintenance({ started_at, ended_at }, now)).toBe(inside);
  });
});
