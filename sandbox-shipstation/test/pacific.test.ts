import { describe, expect, it } from 'vitest';
import { pacificDate, pacificDateTime, parseFilterDate } from '../src/index.js';

describe('Pacific time as ShipStation V1 writes it', () => {
  it('formats winter (PST, -8) and summer (PDT, -7) instants without offset', () => {
    expect(pacificDateTime(Date.UTC(2026, 10, 27, 15, 8, 30, 123))).toBe('2026-11-27T07:08:30.1230000');
    expect(pacificDateTime(Date.UTC(2026, 6, 1, 6, 0, 0, 5))).toBe('2026-06-30T23:00:00.0050000');
    expect(pacificDate(Date.UTC(2026, 6, 1, 6, 0, 0))).toBe('2026-06-30');
  });

  it('reads filters without offset as Pacific wall time, and with an offset as that instant', () => {
    expect(parseFilterDate('2026-11-27 07:08:30')).toBe(Date.UTC(2026, 10, 27, 15, 8, 30));
    expect(parseFilterDate('2026-11-27T07:08:30.1230000')).toBe(Date.UTC(2026, 10, 27, 15, 8, 30, 123));
    expect(parseFilterDate('2026-06-30')).toBe(Date.UTC(2026, 5, 30, 7, 0, 0));
    expect(parseFilterDate('2026-11-27T15:08:30Z')).toBe(Date.UTC(2026, 10, 27, 15, 8, 30));
    expect(parseFilterDate('2026-11-27T10:08:30-05:00')).toBe(Date.UTC(2026, 10, 27, 15, 8, 30));
    expect(parseFilterDate('last week')).toBeNull();
  });

  it('round-trips its own output', () => {
    const ms = Date.UTC(2026, 2, 8, 12, 34, 56, 789);
    expect(parseFilterDate(pacificDateTime(ms))).toBe(ms);
  });
});
