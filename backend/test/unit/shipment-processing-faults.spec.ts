import { describe, expect, it } from '@jest/globals';
import { ShuttingDownError } from '../../src/common/shutdown.js';
import { windowSpentMessage } from '../../src/modules/shipments/processing/retry-schedule.js';
import { refusalMessage } from '../../src/modules/shipments/refusals.js';
import { faireErrors } from '../fakes/fake-faire.js';
import { pgError } from '../fakes/fake-shipments-repository.js';
import { RETRY, processingHarness } from '../fakes/processing-harness.js';

const between = (value: number | null, from: number, to: number) => {
  expect(value).not.toBeNull();
  expect(value!).toBeGreaterThanOrEqual(from);
  expect(value!).toBeLessThanOrEqual(to);
};

/**
 * ShipmentProcessingService on fakes: faults that may pass leave the rows PENDING and say when to try
 * again (decision 0037); slots not due; errors of our own.
 */
describe('ShipmentProcessingService: faults, waits and errors', () => {
  it('a 429 on the create records THROTTLED, counts no fault and waits for Retry-After', async () => {
    const h = processingHarness();
    h.faire.order('bo_1', 'PROCESSING');
    const row = h.db.add({ order_id: 'bo_1' });
    h.faire.failNext('addShipments', faireErrors.throttled(2000));
    const before = Date.now();

    const { retryAt } = await h.run([row.id]);

    between(retryAt, before + 2000, Date.now() + 2200);
    expect(h.db.row(row.id)).toMatchObject({
      status: 'PENDING',
      fault_count: 0,
      retry_since: null,
      last_fault: '429',
    });
    between(h.db.row(row.id).next_try_at, before + 2000, Date.now() + 2200);
    expect(h.db.outcomes(row.id)).toEqual(['THROTTLED']);
  });

  it('a 5xx on the read counts a fault, starts the retry window and backs off', async () => {
    const h = processingHarness();
    h.faire.order('bo_1', 'PROCESSING');
    const row = h.db.add({ order_id: 'bo_1' });
    h.faire.failNext('getOrder', faireErrors.unavailable());
    const before = Date.now();

    const { retryAt } = await h.run([row.id]);

    between(retryAt, before + RETRY.retryBaseMs, Date.now() + RETRY.retryBaseMs * 1.25);
    const after = h.db.row(row.id);
    expect(after).toMatchObject({
      status: 'PENDING',
      fault_count: 1,
      last_fault: '503',
      error_message: 'Faire answered 503',
    });
    between(after.retry_since, before, Date.now());
    expect(h.db.attempts).toHaveLength(0);
    expect(h.faire.callsOf('addShipments')).toHaveLength(0);
  });

  it('faults grow the backoff while Faire is down, and stay short while it answers', async () => {
    const down = processingHarness();
    down.faire.order('bo_1', 'PROCESSING');
    const a = down.db.add({ order_id: 'bo_1', fault_count: 5, retry_since: Date.now() - 60_000 });
    down.faire.failNext('getOrder', faireErrors.unavailable());
    await down.run([a.id]);
    expect(down.db.row(a.id).fault_count).toBe(6);

    // The read answered, then the create met a 503: Faire is up, only flaky.
    const flaky = processingHarness();
    flaky.faire.order('bo_1', 'PROCESSING');
    const b = flaky.db.add({ order_id: 'bo_1', fault_count: 5, retry_since: Date.now() - 60_000 });
    flaky.faire.failNext('addShipments', faireErrors.unavailable());
    const before = Date.now();
    const { retryAt } = await flaky.run([b.id]);
    expect(flaky.db.row(b.id)).toMatchObject({ status: 'PENDING', fault_count: 3 });
    between(retryAt, before + 4 * RETRY.retryBaseMs, Date.now() + 5 * RETRY.retryBaseMs);
    // A 5xx on a write is uncertain: it was recorded and the order read again before deciding.
    expect(flaky.db.outcomes(b.id)).toEqual(['UNCERTAIN']);
    expect(flaky.faire.calls.map((c) => c.method)).toEqual([
      'reserve',
      'getOrder',
      'addShipments',
      'getOrder',
    ]);
  });

  it('a create without an answer that Faire did carry out ends SUCCESS after a re-read, sent once', async () => {
    const h = processingHarness();
    h.faire.order('bo_1', 'PROCESSING');
    const row = h.db.add({ order_id: 'bo_1' });
    h.faire.failNext('addShipments', faireErrors.uncertain(), { applied: true });

    expect(await h.run([row.id])).toEqual({ retryAt: null });

    expect(h.faire.callsOf('addShipments')).toHaveLength(1);
    expect(h.db.outcomes(row.id)).toEqual(['UNCERTAIN', 'SUCCESS']);
    expect(h.db.row(row.id).status).toBe('SUCCESS');
  });

  it('a create without an answer that Faire did not carry out waits, never guessed FAILED', async () => {
    const h = processingHarness();
    h.faire.order('bo_1', 'PROCESSING');
    const row = h.db.add({ order_id: 'bo_1' });
    h.faire.failNext('addShipments', faireErrors.uncertain());

    const { retryAt } = await h.run([row.id]);

    expect(retryAt).not.toBeNull();
    expect(h.db.row(row.id)).toMatchObject({ status: 'PENDING', fault_count: 1, last_fault: 'timeout' });
  });

  it('with no slot due for the re-read after an uncertain create, the original fault is what waits', async () => {
    const h = processingHarness();
    h.faire.order('bo_1', 'PROCESSING');
    const row = h.db.add({ order_id: 'bo_1' });
    h.faire.failNext('addShipments', faireErrors.uncertain());
    // The read before the create answers; the re-read after it finds no slot due.
    h.faire.failNext('getOrder', faireErrors.slotNotDue(), { skip: 1 });

    await h.run([row.id]);

    expect(h.db.row(row.id)).toMatchObject({ status: 'PENDING', last_fault: 'timeout', fault_count: 1 });
  });

  it('a 200 without our tracking code is not taken as done: the rows wait', async () => {
    const h = processingHarness();
    h.faire.order('bo_1', 'PROCESSING');
    h.faire.createsIgnored = true;
    const row = h.db.add({ order_id: 'bo_1' });

    const { retryAt } = await h.run([row.id]);

    expect(retryAt).not.toBeNull();
    expect(h.db.row(row.id)).toMatchObject({
      status: 'PENDING',
      error_message: 'Faire accepted the request but the shipment is not on the order yet',
    });
  });

  it('an order whose next try is not due is not touched, and does not hold back the others', async () => {
    const h = processingHarness();
    h.faire.order('bo_1', 'PROCESSING');
    h.faire.order('bo_2', 'PROCESSING');
    const waiting = h.db.add({ order_id: 'bo_1', next_try_at: Date.now() + 60_000, fault_count: 2 });
    const due = h.db.add({ order_id: 'bo_2' });
    const before = Date.now();

    const { retryAt } = await h.run([waiting.id, due.id]);

    between(retryAt, before + 59_000, Date.now() + 60_000);
    expect(h.db.row(waiting.id)).toMatchObject({ status: 'PENDING', attempts: 0, fault_count: 2 });
    expect(h.db.row(due.id).status).toBe('SUCCESS');
    expect(h.faire.calls.filter((c) => c.orderId === 'bo_1')).toHaveLength(0);
  });

  it('no Faire request slot due under the lock: the order starts again with one more slot', async () => {
    const h = processingHarness();
    h.faire.order('bo_1', 'NEW');
    const row = h.db.add({ order_id: 'bo_1' });
    h.faire.failNext('acceptOrder', faireErrors.slotNotDue());

    expect(await h.run([row.id])).toEqual({ retryAt: null });

    expect(h.faire.callsOf('reserve').map((c) => c.count)).toEqual([2, 3]);
    expect(h.db.row(row.id)).toMatchObject({ status: 'SUCCESS', fault_count: 0 });
    expect(h.db.locks.size).toBe(0);
  });

  it('no slot after three rounds: the job waits a second, the rows PENDING with no fault', async () => {
    const h = processingHarness();
    h.faire.order('bo_1', 'PROCESSING');
    const row = h.db.add({ order_id: 'bo_1' });
    for (let i = 0; i < 3; i++) h.faire.failNext('getOrder', faireErrors.slotNotDue());
    const before = Date.now();

    const { retryAt } = await h.run([row.id]);

    between(retryAt, before + 1000, Date.now() + 1000);
    expect(h.faire.callsOf('reserve').map((c) => c.count)).toEqual([2, 3, 4]);
    expect(h.db.row(row.id)).toMatchObject({ status: 'PENDING', fault_count: 0, error_message: null });
    expect(h.db.locks.size).toBe(0);
  });

  it('a row whose retry window is spent ends FAILED once a read shows it is not on the order', async () => {
    const h = processingHarness();
    h.faire.order('bo_1', 'PROCESSING');
    const spent = {
      retry_since: Date.now() - RETRY.retryWindowMs - 1000,
      error_message: 'Faire answered 503',
      fault_count: 9,
    };
    const gone = h.db.add({ order_id: 'bo_1', ...spent });
    const fresh = h.db.add({ order_id: 'bo_1' });

    await h.run([gone.id, fresh.id]);

    expect(h.db.row(gone.id)).toMatchObject({
      status: 'FAILED',
      error_message: windowSpentMessage(RETRY.retryWindowMs, 'Faire answered 503'),
    });
    expect(h.db.outcomes(gone.id)).toEqual(['GAVE_UP']);
    expect(h.faire.callsOf('addShipments')).toEqual([
      expect.objectContaining({ tracking: [fresh.tracking_number] }),
    ]);

    // The same row, there on Faire after all: SUCCESS, never FAILED.
    const again = processingHarness();
    const there = again.db.add({ order_id: 'bo_1', ...spent });
    again.faire.order('bo_1', 'PROCESSING', [there.tracking_number]);
    await again.run([there.id]);
    expect(again.db.row(there.id).status).toBe('SUCCESS');
  });

  it('an unexpected error is a BullMQ attempt: rows wait, the other orders are still tried', async () => {
    const h = processingHarness();
    h.faire.order('bo_1', 'PROCESSING');
    h.faire.order('bo_2', 'PROCESSING');
    const broken = h.db.add({ order_id: 'bo_1' });
    const fine = h.db.add({ order_id: 'bo_2' });
    h.faire.failNext('addShipments', new TypeError('boom'));

    await expect(h.run([broken.id, fine.id])).rejects.toThrow('boom');

    expect(h.db.row(broken.id).status).toBe('PENDING');
    expect(h.db.row(fine.id).status).toBe('SUCCESS');
  });

  it('on the last attempt an unexpected error ends the rows FAILED with a reason', async () => {
    const h = processingHarness();
    h.faire.order('bo_1', 'PROCESSING');
    const row = h.db.add({ order_id: 'bo_1' });
    h.faire.failNext('addShipments', new TypeError('boom'));

    await expect(h.run([row.id], true)).rejects.toThrow('boom');

    expect(h.db.row(row.id)).toMatchObject({
      status: 'FAILED',
      error_message: 'Something went wrong on our side while creating this shipment. Please retry.',
    });
    expect(h.db.outcomes(row.id)).toEqual(['ERROR']);
  });

  it('the database away is never a failure, even on the last attempt: rows stay PENDING', async () => {
    const h = processingHarness();
    h.faire.order('bo_1', 'PROCESSING');
    const row = h.db.add({ order_id: 'bo_1' });
    h.db.failNext('succeed', pgError('57P01', 'terminating connection'));

    await expect(h.run([row.id], true)).rejects.toThrow('terminating connection');

    expect(h.db.row(row.id).status).toBe('PENDING');
    expect(h.db.locks.size).toBe(0);
  });

  it('data the database refuses ends the rows FAILED with the reason, under the lock or before it', async () => {
    const inside = processingHarness();
    inside.faire.order('bo_1', 'NEW');
    const a = inside.db.add({ order_id: 'bo_1' });
    inside.db.failNext('recordAttempt', pgError('22021'));
    await inside.run([a.id]);
    expect(inside.db.row(a.id)).toMatchObject({
      status: 'FAILED',
      error_message: refusalMessage(pgError('22021')),
    });
    expect(inside.db.outcomes(a.id)).toEqual(['REFUSED_BY_DATABASE']);

    const before = processingHarness();
    const b = before.db.add({ order_id: 'bo_1' });
    before.db.failNext('claimPending', pgError('22P02'));
    expect(await before.run([b.id])).toEqual({ retryAt: null });
    expect(before.db.row(b.id)).toMatchObject({
      status: 'FAILED',
      error_message: refusalMessage(pgError('22P02')),
    });
    expect(before.faire.callsOf('getOrder')).toHaveLength(0);
  });

  it('shutting down hands the job back: the error goes through, the rows stay PENDING untouched', async () => {
    const h = processingHarness();
    h.faire.order('bo_1', 'PROCESSING');
    const row = h.db.add({ order_id: 'bo_1' });
    h.faire.failNext('getOrder', new ShuttingDownError());

    await expect(h.run([row.id], true)).rejects.toBeInstanceOf(ShuttingDownError);

    expect(h.db.row(row.id)).toMatchObject({ status: 'PENDING', fault_count: 0, error_message: null });
    expect(h.db.attempts).toHaveLength(0);
  });
});
