import { describe, expect, it } from '@jest/globals';
import { MAX_PER_CALL, stateMessage } from '../../src/modules/shipments/processing/shipment-rows.js';
import { faireErrors } from '../fakes/fake-faire.js';
import { COMPANY_B } from '../fakes/fake-shipments-repository.js';
import { processingHarness } from '../fakes/processing-harness.js';

/**
 * ShipmentProcessingService on fakes (no Postgres, Redis or Faire): what each answer of Faire makes of
 * the rows. Faults that may pass are in shipment-processing-faults.spec.ts.
 */
describe('ShipmentProcessingService: outcomes', () => {
  it('creates a row on a PROCESSING order once and ends it SUCCESS with the Faire shipment id', async () => {
    const h = processingHarness();
    h.faire.order('bo_1', 'PROCESSING');
    const row = h.db.add({ order_id: 'bo_1' });

    expect(await h.run([row.id])).toEqual({ retryAt: null });

    const sent = h.faire.callsOf('addShipments');
    expect(sent).toEqual([{ method: 'addShipments', orderId: 'bo_1', tracking: [row.tracking_number] }]);
    const after = h.db.row(row.id);
    expect(after).toMatchObject({
      status: 'SUCCESS',
      error_message: null,
      attempts: 1,
      brand_id: h.account.brandId,
    });
    expect(after.marketplace_shipment_id).toBe(h.faire.orders.get('bo_1')!.shipments[0]!.id);
    expect(h.db.attempts).toEqual([
      expect.objectContaining({
        shipment_id: row.id,
        outcome: 'SUCCESS',
        http_status: 200,
        message: 'Shipment created on Faire',
      }),
    ]);
    expect(h.snapshots.applied).toEqual([
      expect.objectContaining({ orderId: 'bo_1', state: 'PROCESSING', brandId: h.account.brandId }),
    ]);
    // The order was read first, then one create; the advisory lock was let go.
    expect(h.faire.calls.map((c) => c.method)).toEqual(['reserve', 'getOrder', 'addShipments']);
    expect(h.faire.callsOf('reserve')[0]!.count).toBe(2);
    expect(h.db.locks.size).toBe(0);
  });

  it('does not send a row whose tracking code is already on the Faire order', async () => {
    const h = processingHarness();
    const row = h.db.add({ order_id: 'bo_1', tracking_number: '1z 999-aa1' });
    h.faire.order('bo_1', 'IN_TRANSIT', ['1Z999AA1']);

    await h.run([row.id]);

    expect(h.faire.callsOf('addShipments')).toHaveLength(0);
    expect(h.db.row(row.id).status).toBe('SUCCESS');
    expect(h.db.attempts[0]).toMatchObject({
      outcome: 'SUCCESS',
      message: 'Already on the Faire order (not sent again)',
    });
  });

  it('recovers a row left in flight by an earlier attempt that got no answer, without sending it again', async () => {
    const h = processingHarness();
    // The earlier worker sent it and died before the answer: the row is PENDING, in flight, attempted.
    const row = h.db.add({ order_id: 'bo_1', attempts: 1, in_flight_since: Date.now() - 60_000 });
    h.faire.order('bo_1', 'PROCESSING', [row.tracking_number]);

    await h.run([row.id]);

    expect(h.faire.callsOf('addShipments')).toHaveLength(0);
    expect(h.db.row(row.id)).toMatchObject({ status: 'SUCCESS', attempts: 2, in_flight_since: null });
  });

  it('sends only the rows of an order that are not on Faire yet', async () => {
    const h = processingHarness();
    const there = h.db.add({ order_id: 'bo_1' });
    const missing = h.db.add({ order_id: 'bo_1' });
    h.faire.order('bo_1', 'PROCESSING', [there.tracking_number]);

    await h.run([there.id, missing.id]);

    expect(h.faire.callsOf('addShipments')).toEqual([
      expect.objectContaining({ tracking: [missing.tracking_number] }),
    ]);
    expect([h.db.row(there.id).status, h.db.row(missing.id).status]).toEqual(['SUCCESS', 'SUCCESS']);
  });

  it('accepts a NEW order first, then creates', async () => {
    const h = processingHarness();
    h.faire.order('bo_1', 'NEW');
    const row = h.db.add({ order_id: 'bo_1' });

    await h.run([row.id]);

    expect(h.faire.calls.map((c) => c.method)).toEqual([
      'reserve',
      'getOrder',
      'acceptOrder',
      'addShipments',
    ]);
    expect(h.db.outcomes(row.id)).toEqual(['ORDER_ACCEPTED', 'SUCCESS']);
    expect(h.db.row(row.id).status).toBe('SUCCESS');
  });

  it('reads the order again when someone else accepted it meanwhile (or the accept had no answer)', async () => {
    for (const [err, applied] of [
      [faireErrors.wrongState(), true],
      [faireErrors.uncertain(), true],
    ] as const) {
      const h = processingHarness();
      h.faire.order('bo_1', 'NEW');
      const row = h.db.add({ order_id: 'bo_1' });
      h.faire.failNext('acceptOrder', err, { applied });

      await h.run([row.id]);

      expect(h.faire.calls.map((c) => c.method)).toEqual([
        'reserve',
        'getOrder',
        'acceptOrder',
        'getOrder',
        'addShipments',
      ]);
      expect(h.db.row(row.id).status).toBe('SUCCESS');
    }
  });

  it.each(['DELIVERED', 'CANCELED', 'BACKORDERED'] as const)(
    'ends the rows of a %s order ORDER_STATUS_INCORRECT without a create',
    async (state) => {
      const h = processingHarness();
      h.faire.order('bo_1', state);
      const row = h.db.add({ order_id: 'bo_1' });

      expect(await h.run([row.id])).toEqual({ retryAt: null });

      expect(h.faire.callsOf('addShipments')).toHaveLength(0);
      expect(h.db.row(row.id)).toMatchObject({
        status: 'ORDER_STATUS_INCORRECT',
        error_message: stateMessage(state),
      });
      expect(h.db.attempts[0]).toMatchObject({
        outcome: 'WRONG_STATE',
        marketplace_answer: JSON.stringify({ orderState: state }),
      });
    },
  );

  it('ends the rows ORDER_STATUS_INCORRECT when Faire refuses the create, after reading the order again', async () => {
    const h = processingHarness();
    h.faire.order('bo_1', 'PROCESSING');
    const row = h.db.add({ order_id: 'bo_1' });
    h.faire.failNext('addShipments', faireErrors.wrongState());

    await h.run([row.id]);

    expect(h.faire.calls.map((c) => c.method)).toEqual(['reserve', 'getOrder', 'addShipments', 'getOrder']);
    expect(h.db.row(row.id)).toMatchObject({
      status: 'ORDER_STATUS_INCORRECT',
      error_message: 'Faire refused the shipment: Order cannot take shipments',
    });
    expect(h.db.attempts[0]).toMatchObject({ outcome: 'WRONG_STATE', http_status: 422 });
  });

  it('counts a refused create as done when the re-read shows the shipment there', async () => {
    const h = processingHarness();
    h.faire.order('bo_1', 'PROCESSING');
    const row = h.db.add({ order_id: 'bo_1' });
    h.faire.failNext('addShipments', faireErrors.wrongState(), { applied: true });

    await h.run([row.id]);

    expect(h.db.row(row.id).status).toBe('SUCCESS');
  });

  it('ends the rows ORDER_NOT_FOUND when Faire does not know the order', async () => {
    const h = processingHarness();
    const row = h.db.add({ order_id: 'bo_unknown' });

    expect(await h.run([row.id])).toEqual({ retryAt: null });

    expect(h.db.row(row.id)).toMatchObject({
      status: 'ORDER_NOT_FOUND',
      error_message: 'Order not found on Faire for the connected brand. Check the order ID.',
    });
    expect(h.db.attempts[0]).toMatchObject({ outcome: 'NOT_FOUND', http_status: 404 });
  });

  it('ends the rows FAILED and marks the connection failed when Faire refuses the token; later orders see it', async () => {
    const h = processingHarness();
    h.faire.order('bo_1', 'PROCESSING');
    h.faire.order('bo_2', 'PROCESSING');
    const first = h.db.add({ order_id: 'bo_1' });
    const second = h.db.add({ order_id: 'bo_2' });
    h.faire.failNext('getOrder', faireErrors.unauthorized());

    await h.run([first.id, second.id]);

    expect(h.db.row(first.id)).toMatchObject({
      status: 'FAILED',
      error_message: 'Faire refused the connected account. Reconnect Faire in Settings, then retry.',
    });
    expect(h.connections.statusOf(h.db.row(first.id).company_id)).toEqual({
      status: 'FAILED',
      lastError: 'Token refused',
    });
    // The second order read the account again, found it failed, and did not call Faire.
    expect(h.db.row(second.id)).toMatchObject({ status: 'FAILED' });
    expect(h.db.attempts.find((a) => a.shipment_id === second.id)).toMatchObject({ outcome: 'UNAUTHORIZED' });
    expect(h.faire.calls.filter((c) => c.orderId === 'bo_2')).toHaveLength(0);
  });

  it('ends the rows of a company without a connection NOT_CONNECTED, without calling Faire', async () => {
    const h = processingHarness();
    const row = h.db.add({ order_id: 'bo_1', company_id: COMPANY_B });

    await h.run([row.id]);

    expect(h.faire.calls).toHaveLength(0);
    expect(h.db.row(row.id)).toMatchObject({
      status: 'FAILED',
      error_message: 'No connected Faire account in this company. Connect Faire in Settings, then retry.',
    });
    expect(h.db.outcomes(row.id)).toEqual(['NOT_CONNECTED']);
  });

  it('sends up to 50 rows per create call', async () => {
    const h = processingHarness();
    h.faire.order('bo_1', 'PROCESSING');
    const rows = Array.from({ length: MAX_PER_CALL + 3 }, () => h.db.add({ order_id: 'bo_1' }));

    await h.run(rows.map((r) => r.id));

    expect(h.faire.callsOf('addShipments').map((c) => c.tracking!.length)).toEqual([MAX_PER_CALL, 3]);
    expect(h.faire.callsOf('reserve')[0]!.count).toBe(3);
    expect(rows.every((r) => h.db.row(r.id).status === 'SUCCESS')).toBe(true);
  });

  it('leaves alone rows another worker ended meanwhile', async () => {
    const h = processingHarness();
    h.faire.order('bo_1', 'PROCESSING');
    const row = h.db.add({ order_id: 'bo_1' });
    const batch = (await h.service.load(h.jobOf([row.id])))!;
    h.db.row(row.id).status = 'SUCCESS';

    await h.service.processBatch(batch, { lastAttempt: false });

    expect(h.faire.callsOf('getOrder')).toHaveLength(0);
    expect(h.db.attempts).toHaveLength(0);
  });

  it('loads nothing for a job whose rows are not in this database, and skips rows no longer PENDING', async () => {
    const h = processingHarness();
    expect(await h.service.load({ shipmentIds: ['00000000-0000-4000-8000-00000000ffff'] })).toBeNull();
    const done = h.db.add({ order_id: 'bo_1', status: 'SUCCESS' });
    const open = h.db.add({ order_id: 'bo_2' });
    const batch = await h.service.load(h.jobOf([done.id, open.id]));
    expect(batch!.orders).toEqual([
      { companyId: open.company_id, orderId: 'bo_2', ids: [open.id], dueAt: null },
    ]);
  });

  it('gives a permit for the batch account, or says how many jobs are ahead', async () => {
    const h = processingHarness();
    const row = h.db.add({ order_id: 'bo_1' });
    const batch = (await h.service.load(h.jobOf([row.id])))!;
    const first = await h.service.permitFor(batch);
    expect('release' in first).toBe(true);
    expect(await h.service.permitFor(batch)).toEqual({ ahead: 0, accountKey: h.account.key });
    expect(await h.service.permitForAccount(h.account.key)).toEqual({ ahead: 0 });
    if ('release' in first) await first.release();
    expect('release' in (await h.service.permitForAccount(h.account.key))).toBe(true);

    // No account (or no order): nothing to hold back, a permit that holds nothing.
    const other = h.db.add({ order_id: 'bo_2', company_id: COMPANY_B });
    const unconnected = (await h.service.load(h.jobOf([other.id])))!;
    expect('release' in (await h.service.permitFor(unconnected))).toBe(true);
    expect('release' in (await h.service.permitFor({ ...batch, orders: [] }))).toBe(true);
  });
});
