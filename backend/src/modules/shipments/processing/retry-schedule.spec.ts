import { FaireError } from '../../marketplace/index.js';
import {
  backoffMs,
  durationWords,
  faultLabel,
  throttleWaitMs,
  windowSpentMessage,
} from './retry-schedule.js';

const timings = { retryBaseMs: 2000, retryMaxDelayMs: 300_000 };

describe('patience by kind of fault', () => {
  it('doubles the wait per fault from the base, never shorter, never past the cap', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, timings, 0))).toEqual([2000, 4000, 8000, 16_000]);
    expect(backoffMs(1, timings, 0.999)).toBeLessThanOrEqual(2500);
    expect(backoffMs(8, timings, 0)).toBe(256_000);
    expect(backoffMs(9, timings, 0)).toBe(300_000);
    expect(backoffMs(500, timings, 0.999)).toBe(300_000);
  });

  it("waits for Faire's Retry-After after a 429 (1 s when it said nothing), a little more, never less", () => {
    expect(throttleWaitMs(new FaireError('RATE_LIMITED', 'slow down', 429, 5000), 0)).toBe(5000);
    expect(throttleWaitMs(new FaireError('RATE_LIMITED', 'slow down', 429, 5000), 0.999)).toBeLessThanOrEqual(
      5500,
    );
    expect(throttleWaitMs(new FaireError('RATE_LIMITED', 'slow down', 429), 0)).toBe(1000);
  });

  it('names the last trouble in short', () => {
    expect(faultLabel(new FaireError('RATE_LIMITED', 'Faire asked us to slow down', 429))).toBe('429');
    expect(faultLabel(new FaireError('UNAVAILABLE', 'Faire answered 503: down', 503))).toBe('503');
    expect(faultLabel(new FaireError('UNAVAILABLE', 'Faire timed out'))).toBe('timeout');
    expect(
      faultLabel(new FaireError('UNCERTAIN', 'Faire timed out before answering; the change may or may not')),
    ).toBe('timeout');
    expect(
      faultLabel(new FaireError('UNCERTAIN', 'Faire connection lost (ECONNRESET) before answering; ...')),
    ).toBe('no answer');
    expect(faultLabel(new FaireError('UNAVAILABLE', 'Faire could not be reached (ECONNREFUSED)'))).toBe(
      'unreachable',
    );
    expect(faultLabel(new FaireError('BLOCKED', 'Faire is blocking requests for now (403 page)', 403))).toBe(
      '403 page',
    );
    expect(faultLabel(new FaireError('BAD_RESPONSE', 'not JSON', 200))).toBe('unreadable answer');
  });

  it('ends a spent window with the last reason', () => {
    expect(durationWords(4 * 3_600_000)).toBe('4 hours');
    expect(durationWords(90 * 60_000)).toBe('90 minutes');
    expect(durationWords(3000)).toBe('3 seconds');
    expect(windowSpentMessage(4 * 3_600_000, 'Faire answered 503: Service temporarily unavailable.')).toBe(
      'Not sent: Faire kept having trouble for 4 hours and the shipment is not on the order (last: Faire answered 503: Service temporarily unavailable). Please retry.',
    );
  });
});
