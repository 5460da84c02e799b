import { describe, expect, it } from 'vitest';
import { parseSince, toDatetimeLocal } from './dashboard.schemas.js';

const NOW = new Date('2026-11-23T06:30:45.000Z');

describe('parseSince (the recover form, read as UTC)', () => {
  it.each([
    ['2026-11-23T05:30', '2026-11-23T05:30:00.000Z'],
    ['2026-11-23T05:30:15', '2026-11-23T05:30:15.000Z'],
    ['2026-11-23T05:30:15.250', '2026-11-23T05:30:15.000Z'],
    [' 2026-11-22T00:00 ', '2026-11-22T00:00:00.000Z'],
    ['2026-11-23T06:30:45Z', '2026-11-23T06:30:45.000Z'], // exactly now
    ['2026-11-23T03:30-03:00', '2026-11-23T06:30:00.000Z'], // an explicit zone (São Paulo)
    ['2024-02-29T12:00', '2024-02-29T12:00:00.000Z'],
  ])('%s -> %s', (value, iso) => {
    const r = parseSince(value, NOW);
    expect('since' in r && r.since.toISOString()).toBe(iso);
  });

  it.each([
    [undefined, 'invalid-since'],
    ['', 'invalid-since'],
    ['yesterday', 'invalid-since'],
    ['2026-11-23', 'invalid-since'],
    ['2026-11-23 05:30', 'invalid-since'],
    ['2026-02-30T10:00', 'invalid-since'],
    ['2025-02-29T10:00', 'invalid-since'],
    ['2026-01-01T24:00', 'invalid-since'],
    ['2026-01-01T10:60', 'invalid-since'],
    ['2026-13-01T10:00', 'invalid-since'],
    ['2026-01-01T10:00+25:00', 'invalid-since'],
    ['2026-11-23T06:31', 'future-since'],
    ['2026-11-23T06:30:46Z', 'future-since'],
    ['2027-01-01T00:00', 'future-since'],
  ])('%s -> %s', (value, error) => {
    expect(parseSince(value, NOW)).toEqual({ error });
  });

  it('formats what a datetime-local input shows', () => {
    expect(toDatetimeLocal(NOW)).toBe('2026-11-23T06:30');
  });
});
