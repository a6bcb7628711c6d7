import { createJob, groupBy, jobOrders, packOrders } from '../intake/order-groups.js';
import { ordersOfJob, type JobRow } from './shipment-batch.js';

const row = (id: string, order: string, status = 'PENDING', company = 'c1'): JobRow => ({
  id,
  company_id: company,
  order_id: order,
  status,
});

describe('grouping by order', () => {
  it('keeps each order together, orders in the order first seen, rows in their order', () => {
    const rows = [row('1', 'A'), row('2', 'B'), row('3', 'A'), row('4', 'C'), row('5', 'B'), row('6', 'A')];
    expect(groupBy(rows, (r) => r.order_id).map((g) => g.map((r) => r.id))).toEqual([
      ['1', '3', '6'],
      ['2', '5'],
      ['4'],
    ]);
  });

  it('packs whole orders into batches, never splitting one (a big order is a batch of its own)', () => {
    const orders = [
      ['a1', 'a2'],
      ['b1', 'b2', 'b3'],
      ['c1'],
      Array.from({ length: 7 }, (_, i) => `d${i}`),
      ['e1'],
    ];
    expect(packOrders(orders, 5)).toEqual([[orders[0], orders[1]], [orders[2]], [orders[3]], [orders[4]]]);
    expect(packOrders([], 5)).toEqual([]);
  });
});

describe('create jobs carry their orders', () => {
  it('as the ids one order after another and the size of each order', () => {
    const job = createJob([['1', '3'], ['2']]);
    expect(job).toEqual({ shipmentIds: ['1', '3', '2'], orderSizes: [2, 1] });
    expect(jobOrders(job)).toEqual([['1', '3'], ['2']]);
  });

  it('a job of the earlier shape (ids only), or with sizes that do not add up, carries none', () => {
    expect(jobOrders({ shipmentIds: ['1', '2'] })).toBeNull();
    expect(jobOrders({ shipmentIds: ['1', '2'], orderSizes: [1] })).toBeNull();
    expect(jobOrders({ shipmentIds: ['1', '2'], orderSizes: [0, 2] })).toBeNull();
    expect(jobOrders({ shipmentIds: ['1', '2'], orderSizes: [1.5, 0.5] })).toBeNull();
  });

  it("the worker takes a job's orders as queued, less rows no longer pending", () => {
    const rows = [row('1', 'A'), row('3', 'A', 'SUCCESS'), row('2', 'B'), row('4', 'C', 'FAILED')];
    expect(ordersOfJob(createJob([['1', '3'], ['2'], ['4']]), rows)).toEqual([
      { companyId: 'c1', orderId: 'A', ids: ['1'], dueAt: null },
      { companyId: 'c1', orderId: 'B', ids: ['2'], dueAt: null },
    ]);
  });

  it('groups the rows of an earlier-shape job by company and order', () => {
    const rows = [row('1', 'A'), row('2', 'B'), row('3', 'A'), row('4', 'A', 'PENDING', 'c2')];
    expect(ordersOfJob({ shipmentIds: ['1', '2', '3', '4', 'gone'] }, rows)).toEqual([
      { companyId: 'c1', orderId: 'A', ids: ['1', '3'], dueAt: null },
      { companyId: 'c1', orderId: 'B', ids: ['2'], dueAt: null },
      { companyId: 'c2', orderId: 'A', ids: ['4'], dueAt: null },
    ]);
  });

  it('never works two orders under one lock: a queued order whose rows disagree is grouped again', () => {
    const rows = [row('1', 'A'), row('2', 'B'), row('3', 'A')];
    expect(ordersOfJob({ shipmentIds: ['1', '2', '3'], orderSizes: [3] }, rows)).toEqual([
      { companyId: 'c1', orderId: 'A', ids: ['1', '3'], dueAt: null },
      { companyId: 'c1', orderId: 'B', ids: ['2'], dueAt: null },
    ]);
  });

  it('an order whose rows wait on Faire is due when its first row is; a row with no wait makes it due now', () => {
    const waiting = (id: string, order: string, ms: number): JobRow => ({ ...row(id, order), due_in_ms: ms });
    const rows = [waiting('1', 'A', 4000), waiting('2', 'A', 2000), waiting('3', 'B', 5000), row('4', 'B')];
    const before = Date.now();
    const [a, b] = ordersOfJob(
      createJob([
        ['1', '2'],
        ['3', '4'],
      ]),
      rows,
    );
    expect(a!.dueAt).toBeGreaterThanOrEqual(before + 2000);
    expect(a!.dueAt).toBeLessThan(before + 3000);
    expect(b!.dueAt).toBeNull();
    expect(ordersOfJob(createJob([['1']]), [waiting('1', 'A', 0)])[0]!.dueAt).toBeNull();
  });
});
