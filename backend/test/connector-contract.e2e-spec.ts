import { SourceConnectors, SourceRelease, SourceSync } from '../src/modules/sources/index.js';
import { CONNECTOR_HARNESSES, type ConnectorWorld } from './helpers/connector-harnesses.js';
import { tracking, waitForTerminal } from './helpers/shipments.js';
import { waitFor } from './helpers/sources.js';

/**
 * The connector contract (decision 0067): every registered connector, against its sandbox, keeps the
 * same promises: each item made at the source becomes one Faire shipment whether its webhook comes or
 * only the poll finds it; an item undone inside its hold is never sent, and one undone after it was sent
 * raises the alert; an outage holds items and loses none; the connector says its kind, words and faults.
 */
describe.each(CONNECTOR_HARNESSES)('connector contract: $name', (harness) => {
  let w: ConnectorWorld;

  beforeAll(async () => {
    w = await harness.start(`contract-${harness.kind.toLowerCase()}@brand.test`);
  }, 60_000);
  afterAll(async () => {
    await w?.close();
  });

  const sync = () => w.t.app.get(SourceSync);
  const release = () => w.t.app.get(SourceRelease);

  /** A PROCESSING order of brand 1, synced. */
  async function order(): Promise<string> {
    const o = w.t.sandbox.createOrder('brand1', { state: 'PROCESSING' });
    await w.agent.post('/api/orders/refresh').expect(200);
    return o.id;
  }

  async function label(code: string) {
    const { rows } = await w.t.db.query<{ state: string; alert: string | null }>(
      'SELECT state, alert FROM source_labels WHERE connection_id = $1 AND tracking_number = $2',
      [w.connectionId, code],
    );
    return rows[0];
  }

  /** Every delivery read and the poll run; then the grace of what waits ends now. */
  async function readAndDecide() {
    await sync().readEvents(w.connectionId);
    await sync().poll(w.connectionId);
    await w.t.db.query(
      "UPDATE source_labels SET due_at = now() WHERE connection_id = $1 AND state = 'WAITING'",
      [w.connectionId],
    );
    return release().releaseDue(w.connectionId);
  }

  function onFaire(orderId: string, code: string): number {
    const o = w.t.sandbox.listOrders('brand1').find((x) => x.id === orderId);
    return (o?.shipments ?? []).filter((s) => s.tracking_code.toUpperCase() === code.toUpperCase()).length;
  }

  it('registers its kind, its words and its faults', async () => {
    const connectors = w.t.app.get(SourceConnectors);
    const c = connectors.get(harness.kind);
    expect(c.words.name).toBe(harness.name);
    for (const word of Object.values(c.words) as string[]) expect(word.length).toBeGreaterThan(0);
    expect(connectors.kinds()).toContain(harness.kind);
    const list = await w.agent.get('/api/integrations').expect(200);
    expect(list.body.available).toContain(harness.kind);
    expect(c.fault(new Error('not a source fault'))).toBeNull();
  });

  it('makes one Faire shipment of each item, whether its webhook came or only the poll found it', async () => {
    const [a, b] = [await order(), await order()];
    const [ca, cb] = [tracking('KA'), tracking('KB')];
    await harness.make(w, a, ca, true);
    await harness.make(w, b, cb, false);
    await waitFor('the delivered item stored', async () => !!(await label(ca)));
    await readAndDecide();
    await waitForTerminal(w.t, w.companyId);
    expect([onFaire(a, ca), onFaire(b, cb)]).toEqual([1, 1]);
    // Read again: the same items, the same rows; nothing new is sent.
    await readAndDecide();
    await waitForTerminal(w.t, w.companyId);
    expect([onFaire(a, ca), onFaire(b, cb)]).toEqual([1, 1]);
    const { rows } = await w.t.db.query(
      'SELECT count(*)::int AS n FROM source_labels WHERE tracking_number = ANY($1)',
      [[ca, cb]],
    );
    expect(rows[0]).toEqual({ n: 2 });
  });

  it('never sends an item undone inside its hold; raises the alert for one undone after it was sent', async () => {
    const [a, b] = [await order(), await order()];
    const [early, late] = [tracking('KU'), tracking('KL')];
    const first = await harness.make(w, a, early, true);
    await waitFor('the item stored', async () => !!(await label(early)));
    await first.undo();
    await readAndDecide();
    expect((await label(early))?.state).toBe('VOIDED');
    expect(onFaire(a, early)).toBe(0);

    const second = await harness.make(w, b, late, true);
    await waitFor('the item stored', async () => !!(await label(late)));
    await readAndDecide();
    await waitForTerminal(w.t, w.companyId);
    expect(onFaire(b, late)).toBe(1);
    await second.undo();
    await sync().readEvents(w.connectionId);
    await sync().poll(w.connectionId);
    expect(await label(late)).toMatchObject({ state: 'SENT', alert: expect.stringMatching(/_AFTER_SEND$/) });
  });

  it('holds items through an outage of the source, loses none, and sends each once after it', async () => {
    const a = await order();
    const code = tracking('KO');
    await harness.make(w, a, code, true);
    await waitFor('the item stored', async () => !!(await label(code)));
    harness.outage(w, 3);
    await w.t.db.query(
      "UPDATE source_labels SET due_at = now() WHERE connection_id = $1 AND state = 'WAITING'",
      [w.connectionId],
    );
    // The read before the release fails: nothing is decided while the source cannot say what it took back.
    await expect(release().releaseDue(w.connectionId)).rejects.toBeTruthy();
    expect((await label(code))?.state).toBe('WAITING');
    harness.outage(w, 0);
    await readAndDecide();
    await waitForTerminal(w.t, w.companyId);
    expect(onFaire(a, code)).toBe(1);
  });
});
