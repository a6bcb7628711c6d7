import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { FaireOrder } from '../../src/modules/marketplace/index.js';
import { ordersOfJob, type JobRow } from '../../src/modules/shipments/processing/shipment-batch.js';
import { faireErrors } from '../fakes/fake-faire.js';
import { COMPANY_A, COMPANY_B } from '../fakes/fake-shipments-repository.js';
import { processingHarness } from '../fakes/processing-harness.js';

/**
 * ShipmentProcessingService on fakes: the order states read in bulk (decision 0040), a job giving its
 * slot back between orders (decision 0041), Faire refusing a read, and how a job's rows become orders.
 */
describe('ShipmentProcessingService: bulk-read states, yielding, refused reads', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('takes a shippable state read in bulk instead of reading the order, and plans only the create', async () => {
    const h = processingHarness();
    const order = h.faire.order('bo_1', 'PROCESSING');
    h.states.fresh = true;
    h.states.known.set('bo_1', order);
    const row = h.db.add({ order_id: 'bo_1' });

    await h.run([row.id]);

    expect(h.faire.calls.map((c) => c.method)).toEqual(['reserve', 'addShipments']);
    expect(h.faire.callsOf('reserve')[0]!.count).toBe(1);
    expect(h.states.lookups).toEqual([{ orderId: 'bo_1', freshIds: [row.id] }]);
    expect(h.db.row(row.id).status).toBe('SUCCESS');
    // The create's answer is the whole order: the brand's states learn it.
    expect(h.states.remembered).toEqual([expect.objectContaining({ orderId: 'bo_1', state: 'PROCESSING' })]);
  });

  it('reads the order when the bulk state is one Faire does not ship, or a row was put in flight before', async () => {
    const closed = processingHarness();
    const canceled = closed.faire.order('bo_1', 'CANCELED');
    closed.states.fresh = true;
    closed.states.known.set('bo_1', canceled);
    const a = closed.db.add({ order_id: 'bo_1' });
    await closed.run([a.id]);
    expect(closed.faire.calls.map((c) => c.method)).toEqual(['reserve', 'getOrder']);
    expect(closed.db.row(a.id).status).toBe('ORDER_STATUS_INCORRECT');

    const tried = processingHarness();
    const order = tried.faire.order('bo_1', 'PROCESSING');
    tried.states.fresh = true;
    tried.states.known.set('bo_1', order);
    const b = tried.db.add({ order_id: 'bo_1', attempts: 1 });
    await tried.run([b.id]);
    // Tried before: two slots planned (the read and the create), no lookup, a read.
    expect(tried.faire.callsOf('reserve')[0]!.count).toBe(2);
    expect(tried.states.lookups).toEqual([]);
    expect(tried.faire.calls.map((c) => c.method)).toEqual(['reserve', 'getOrder', 'addShipments']);
  });

  it('gives its slot back between orders once it ran a slice and another job waits; else goes on', async () => {
    for (const waiting of [true, false]) {
      const h = processingHarness();
      h.faire.order('bo_1', 'PROCESSING');
      h.faire.order('bo_2', 'PROCESSING');
      const first = h.db.add({ order_id: 'bo_1' });
      const second = h.db.add({ order_id: 'bo_2' });
      // The first order takes longer than a slice (the clock moves on 1.5 s during its create).
      const realNow = Date.now.bind(Date);
      let offset = 0;
      jest.spyOn(Date, 'now').mockImplementation(() => realNow() + offset);
      const add = h.faire.addShipments.bind(h.faire);
      h.faire.addShipments = async (...args) => {
        const created = await add(...args);
        offset += 1500;
        return created;
      };
      let asked = 0;
      const shouldYield = () => {
        asked += 1;
        return Promise.resolve(waiting);
      };

      const batch = (await h.service.load(h.jobOf([first.id, second.id])))!;
      const outcome = await h.service.processBatch(batch, { lastAttempt: false, shouldYield });

      expect(asked).toBe(1);
      expect(h.db.row(first.id).status).toBe('SUCCESS');
      if (waiting) {
        // Run again at once, behind the waiting job; the second order untouched.
        expect(outcome.retryAt).not.toBeNull();
        expect(outcome.retryAt!).toBeLessThanOrEqual(Date.now());
        expect(h.db.row(second.id)).toMatchObject({ status: 'PENDING', attempts: 0 });
      } else {
        expect(outcome).toEqual({ retryAt: null });
        expect(h.db.row(second.id).status).toBe('SUCCESS');
      }
      jest.restoreAllMocks();
    }
  });

  it('ends the rows ORDER_STATUS_INCORRECT with Faire’s words when Faire refuses the read of the order', async () => {
    const h = processingHarness();
    h.faire.order('bo_1', 'PROCESSING');
    const row = h.db.add({ order_id: 'bo_1' });
    h.faire.failNext('getOrder', faireErrors.wrongState());

    expect(await h.run([row.id])).toEqual({ retryAt: null });

    expect(h.faire.callsOf('addShipments')).toHaveLength(0);
    expect(h.db.row(row.id)).toMatchObject({
      status: 'ORDER_STATUS_INCORRECT',
      error_message: 'Faire refused the request: Order cannot take shipments',
    });
    expect(h.db.attempts).toEqual([
      expect.objectContaining({ outcome: 'WRONG_STATE', http_status: 422, marketplace_answer: null }),
    ]);
  });

  it('runs again at the soonest of its waiting orders', async () => {
    const h = processingHarness();
    const later = h.db.add({ order_id: 'bo_1', next_try_at: Date.now() + 60_000, fault_count: 1 });
    const sooner = h.db.add({ order_id: 'bo_2', next_try_at: Date.now() + 20_000, fault_count: 1 });
    const before = Date.now();

    const { retryAt } = await h.run([later.id, sooner.id]);

    expect(retryAt).toBeGreaterThanOrEqual(before + 19_000);
    expect(retryAt).toBeLessThanOrEqual(Date.now() + 20_000);
    expect(h.faire.calls).toEqual([]);
  });

  it('when the re-read after an uncertain create fails too, the read’s fault is the one remembered', async () => {
    const h = processingHarness();
    h.faire.order('bo_1', 'PROCESSING');
    const row = h.db.add({ order_id: 'bo_1' });
    h.faire.failNext('addShipments', faireErrors.uncertain());
    h.faire.failNext('getOrder', faireErrors.unavailable(), { skip: 1 });

    const { retryAt } = await h.run([row.id]);

    expect(retryAt).not.toBeNull();
    expect(h.db.row(row.id)).toMatchObject({ status: 'PENDING', fault_count: 1, last_fault: '503' });
    expect(h.db.attempts).toEqual([
      expect.objectContaining({ outcome: 'UNCERTAIN', http_status: null, message: expect.any(String) }),
    ]);
  });

  it('throws something thrown that is not an Error as one, after the job’s other orders', async () => {
    const h = processingHarness();
    h.faire.order('bo_1', 'PROCESSING');
    h.faire.order('bo_2', 'PROCESSING');
    const broken = h.db.add({ order_id: 'bo_1' });
    const fine = h.db.add({ order_id: 'bo_2' });
    h.faire.failNext('addShipments', 'boom' as unknown as Error);

    await expect(h.run([broken.id, fine.id])).rejects.toThrow(new Error('boom'));

    expect(h.db.row(broken.id).status).toBe('PENDING');
    expect(h.db.row(fine.id).status).toBe('SUCCESS');
  });

  it('reads an order Faire answers without a shipments list as one with none', async () => {
    const h = processingHarness();
    const order = h.faire.order('bo_1', 'DELIVERED');
    delete (order as Partial<FaireOrder>).shipments;
    const row = h.db.add({ order_id: 'bo_1' });

    await h.run([row.id]);

    expect(h.db.row(row.id).status).toBe('ORDER_STATUS_INCORRECT');
  });
});

describe('ordersOfJob', () => {
  const row = (id: string, order: string, over: Partial<JobRow> = {}): JobRow => ({
    id,
    company_id: COMPANY_A,
    order_id: order,
    status: 'PENDING',
    due_in_ms: null,
    attempts: 0,
    ...over,
  });

  it('groups the PENDING rows of a job without its orders by company and order', () => {
    const rows = [
      row('a', 'bo_1'),
      row('b', 'bo_2'),
      row('c', 'bo_1'),
      row('d', 'bo_1', { company_id: COMPANY_B }),
      row('e', 'bo_2', { status: 'SUCCESS' }),
    ];
    const orders = ordersOfJob({ shipmentIds: ['a', 'b', 'c', 'd', 'e', 'missing'] }, rows);
    expect(orders.map((o) => [o.companyId, o.orderId, o.ids])).toEqual([
      [COMPANY_A, 'bo_1', ['a', 'c']],
      [COMPANY_A, 'bo_2', ['b']],
      [COMPANY_B, 'bo_1', ['d']],
    ]);
  });

  it('splits a queued order whose rows turn out to be of several orders, and drops emptied ones', () => {
    const rows = [row('a', 'bo_1'), row('b', 'bo_2'), row('c', 'bo_3', { status: 'FAILED' })];
    const orders = ordersOfJob({ shipmentIds: ['a', 'b', 'c'], orderSizes: [2, 1] }, rows);
    expect(orders.map((o) => o.ids)).toEqual([['a'], ['b']]);
  });

  it('is due when any of its rows is, else at its soonest row; tried when a row was put in flight', () => {
    const before = Date.now();
    const [waiting, due] = ordersOfJob({ shipmentIds: ['a', 'b', 'c', 'd'], orderSizes: [2, 2] }, [
      row('a', 'bo_1', { due_in_ms: 5000 }),
      row('b', 'bo_1', { due_in_ms: 2000, attempts: 3 }),
      row('c', 'bo_2', { due_in_ms: 5000 }),
      row('d', 'bo_2', { due_in_ms: 0 }),
    ]);
    expect(waiting!.dueAt).toBeGreaterThanOrEqual(before + 2000);
    expect(waiting!.dueAt).toBeLessThanOrEqual(Date.now() + 2000);
    expect(waiting!.tried).toBe(true);
    expect(due).toEqual({ companyId: COMPANY_A, orderId: 'bo_2', ids: ['c', 'd'], dueAt: null });
  });
});
