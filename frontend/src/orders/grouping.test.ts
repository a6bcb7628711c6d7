import { describe, expect, it } from 'vitest';
import { at } from '../test/at';
import { groupOrders } from './grouping';
import { anOrder } from './testOrders';

describe('groupOrders', () => {
  it('orders groups NEW, PROCESSING, PRE_TRANSIT, IN_TRANSIT, BACKORDERED and skips empty states', () => {
    const orders = [
      anOrder({ id: 'a', state: 'BACKORDERED' }),
      anOrder({ id: 'b', state: 'IN_TRANSIT' }),
      anOrder({ id: 'c', state: 'NEW' }),
      anOrder({ id: 'd', state: 'PRE_TRANSIT' }),
      anOrder({ id: 'e', state: 'NEW' }),
    ];
    expect(groupOrders(orders).map((g) => g.state)).toEqual([
      'NEW',
      'PRE_TRANSIT',
      'IN_TRANSIT',
      'BACKORDERED',
    ]);
  });

  it('counts Late (Paid) as problems Faire pays out and Late as the others', () => {
    const orders = [
      anOrder({
        id: 'a',
        state: 'PROCESSING',
        isProblem: true,
        payoutExpected: true,
        estimatedPayoutAt: '2026-12-01T00:00:00Z',
      }),
      anOrder({ id: 'b', state: 'PROCESSING', isProblem: true }),
      anOrder({ id: 'c', state: 'PROCESSING', isProblem: true }),
      anOrder({ id: 'd', state: 'PROCESSING', estimatedPayoutAt: '2026-12-01T00:00:00Z' }),
      anOrder({ id: 'e', state: 'PROCESSING' }),
    ];
    const g = at(groupOrders(orders), 0);
    expect({ latePaid: g.latePaid, late: g.late, total: g.total }).toEqual({
      latePaid: 1,
      late: 2,
      total: 5,
    });
  });

  it('counts every open order in the state while listing only the problem ones', () => {
    const open = [
      anOrder({ id: 'a', state: 'IN_TRANSIT', isProblem: true }),
      anOrder({ id: 'b', state: 'IN_TRANSIT' }),
      anOrder({ id: 'c', state: 'IN_TRANSIT' }),
      anOrder({ id: 'd', state: 'NEW' }),
    ];
    const groups = groupOrders(
      open.filter((o) => o.isProblem),
      open,
    );
    expect(groups).toHaveLength(1);
    expect(at(groups, 0).orders.map((o) => o.id)).toEqual(['a']);
    expect(at(groups, 0).total).toBe(3);
    expect(at(groups, 0).late).toBe(1);
  });

  it('lists the oldest order first', () => {
    const orders = [
      anOrder({ id: 'new', createdAt: '2026-11-10T00:00:00Z' }),
      anOrder({ id: 'old', createdAt: '2026-11-01T00:00:00Z' }),
    ];
    expect(at(groupOrders(orders), 0).orders.map((o) => o.id)).toEqual(['old', 'new']);
  });
});
