import { DEFAULT_THRESHOLDS, lateVerdict, type LateRuleInput } from './late-rules.js';

const now = new Date('2026-11-25T12:00:00.000Z');
const DAY = 86_400_000;
const ago = (ms: number) => new Date(now.getTime() - ms);
const base: LateRuleInput = {
  state: 'NEW',
  createdAt: now,
  processingAt: null,
  shipmentCreatedAt: null,
  trackingNumber: null,
};

describe('late and problem rules', () => {
  it.each([
    ['NEW', { createdAt: ago(DAY - 1000) }, false, null],
    ['NEW', { createdAt: ago(DAY + 1000) }, true, 'Not accepted within 1 day'],
    ['PROCESSING', { createdAt: ago(5 * DAY), processingAt: ago(DAY - 1000) }, false, null],
    ['PROCESSING', { processingAt: ago(DAY + 1000) }, true, 'Late Orders - No Tracking'],
    ['PROCESSING', { createdAt: ago(DAY + 1000) }, true, 'Late Orders - No Tracking'],
    ['PROCESSING', { processingAt: ago(3 * DAY), trackingNumber: '1Z1' }, false, null],
    ['PRE_TRANSIT', { shipmentCreatedAt: ago(2 * DAY - 1000) }, false, null],
    ['PRE_TRANSIT', { shipmentCreatedAt: ago(2 * DAY + 1000) }, true, 'Possible Incorrect Tracking'],
    ['IN_TRANSIT', { shipmentCreatedAt: ago(8 * DAY - 1000) }, false, null],
    ['IN_TRANSIT', { shipmentCreatedAt: ago(8 * DAY + 1000) }, true, 'In Transit Past Time Window'],
    ['BACKORDERED', { createdAt: ago(100 * DAY) }, false, null],
  ])('%s %o -> late %s', (state, patch, isProblem, reason) => {
    expect(lateVerdict({ ...base, state, ...patch }, DEFAULT_THRESHOLDS, now)).toEqual({
      isProblem,
      problemReason: reason,
    });
  });

  it('follows the thresholds and says days in words', () => {
    const order = { ...base, createdAt: ago(2 * DAY + 1000) };
    expect(lateVerdict(order, { ...DEFAULT_THRESHOLDS, newOrderDays: 3 }, now).isProblem).toBe(false);
    expect(lateVerdict(order, { ...DEFAULT_THRESHOLDS, newOrderDays: 2 }, now).problemReason).toBe(
      'Not accepted within 2 days',
    );
    expect(
      lateVerdict({ ...base, createdAt: ago(1000) }, { ...DEFAULT_THRESHOLDS, newOrderDays: 0 }, now)
        .problemReason,
    ).toBe('Not accepted within 0 days');
  });
});
