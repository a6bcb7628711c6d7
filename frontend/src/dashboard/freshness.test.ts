import { describe, expect, it } from 'vitest';
import { freshnessTone, lastRefreshedText, needsAutoRefresh } from './freshness';

const now = Date.parse('2026-11-20T12:00:00Z');
const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

describe('freshnessTone', () => {
  it('is grey up to 1 hour, orange over 1 hour, red over 4 hours', () => {
    expect(freshnessTone(ago(59), now)).toBe('grey');
    expect(freshnessTone(ago(60), now)).toBe('grey');
    expect(freshnessTone(ago(61), now)).toBe('orange');
    expect(freshnessTone(ago(240), now)).toBe('orange');
    expect(freshnessTone(ago(241), now)).toBe('red');
    expect(freshnessTone(null, now)).toBe('grey');
  });
});

describe('lastRefreshedText', () => {
  it('reads as a relative time', () => {
    expect(lastRefreshedText(ago(0), now)).toBe('Last refreshed just now');
    expect(lastRefreshedText(ago(1), now)).toBe('Last refreshed 1 minute ago');
    expect(lastRefreshedText(ago(5), now)).toBe('Last refreshed 5 minutes ago');
    expect(lastRefreshedText(ago(125), now)).toBe('Last refreshed 2 hours ago');
    expect(lastRefreshedText(ago(3 * 24 * 60), now)).toBe('Last refreshed 3 days ago');
    expect(lastRefreshedText(null, now)).toBe('Never refreshed');
  });
});

describe('needsAutoRefresh', () => {
  it('refreshes when nothing was ever fetched or the last fetch is over 24 hours old', () => {
    expect(needsAutoRefresh({ openOrders: 0, lastRefreshedAt: null }, now)).toBe(true);
    expect(needsAutoRefresh({ openOrders: 18, lastRefreshedAt: null }, now)).toBe(true);
    expect(needsAutoRefresh({ openOrders: 0, lastRefreshedAt: ago(24 * 60 + 1) }, now)).toBe(true);
    expect(needsAutoRefresh({ openOrders: 4, lastRefreshedAt: ago(25 * 60) }, now)).toBe(true);
    expect(needsAutoRefresh({ openOrders: 0, lastRefreshedAt: ago(23 * 60) }, now)).toBe(false);
    expect(needsAutoRefresh({ openOrders: 4, lastRefreshedAt: ago(5) }, now)).toBe(false);
  });
});
