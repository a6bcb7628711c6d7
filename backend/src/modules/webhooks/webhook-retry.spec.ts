import { nextAttemptAt, RETRY_WINDOW_MS } from './webhook-retry.js';

describe('webhook retry schedule', () => {
  it('tries eight times over a day: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then at 24 h, then gives up', () => {
    const first = new Date('2026-12-07T00:00:00Z');
    let now = first;
    const offsets: number[] = [];
    for (let attempts = 1; ; attempts += 1) {
      const next = nextAttemptAt(first, attempts, now);
      if (!next) break;
      offsets.push(next.getTime() - first.getTime());
      now = next;
    }
    const s = 1000;
    const m = 60 * s;
    const h = 60 * m;
    expect(offsets).toEqual([
      5 * s,
      5 * s + 5 * m,
      5 * s + 35 * m,
      5 * s + 2 * h + 35 * m,
      5 * s + 7 * h + 35 * m,
      5 * s + 17 * h + 35 * m,
      24 * h,
    ]);
    expect(offsets.length + 1).toBe(8);
  });

  it('never plans a try past the day, and none once the day is over', () => {
    const first = new Date('2026-12-07T00:00:00Z');
    const late = new Date(first.getTime() + RETRY_WINDOW_MS - 1000);
    expect(nextAttemptAt(first, 3, late)!.getTime()).toBe(first.getTime() + RETRY_WINDOW_MS);
    expect(nextAttemptAt(first, 3, new Date(first.getTime() + RETRY_WINDOW_MS))).toBeNull();
  });
});
