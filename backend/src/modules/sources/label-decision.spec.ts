import { shipStationCarrier } from './shipstation/shipstation-carriers.js';
import {
  decideLabel,
  ORDER_HOLDS,
  type ConnectionFacts,
  type DecisionContext,
  type LabelFacts,
  type OrderFacts,
} from './label-decision.js';

const NOW = new Date('2026-12-07T12:00:00Z');
const CONNECTED = new Date('2026-12-07T09:00:00Z');
const ORDER = 'bo_abc12345de';

const conn = (over: Partial<ConnectionFacts> = {}): ConnectionFacts => ({
  name: 'ShipStation',
  acceptNewOrders: false,
  acceptNewOrdersWords: 'accept new orders when a label is printed',
  mode: 'AUTO',
  costRule: { kind: 'LABEL' },
  carrierMap: {},
  currency: 'USD',
  connectedAt: CONNECTED,
  sendZeroCost: false,
  noCostWords: 'No cost on the label',
  carrier: shipStationCarrier,
  ...over,
});

const label = (over: Partial<LabelFacts> = {}): LabelFacts => ({
  orderRefs: { orderNumber: 'ABC12345DE' },
  trackingNumber: '1Z999AA10123456784',
  carrierCode: 'ups',
  costCents: 850,
  voided: false,
  labelCreatedAt: new Date('2026-12-07T11:50:00Z'),
  ...over,
});

const order = (over: Partial<OrderFacts> = {}): OrderFacts => ({
  state: 'PROCESSING',
  trackingNumber: null,
  totalCents: 10_000,
  ...over,
});

function ctx(over: Partial<DecisionContext> = {}): DecisionContext {
  return {
    conn: conn(),
    brandCurrency: 'USD',
    orders: new Map([[ORDER, order()]]),
    onFaire: new Set(),
    lookupPending: false,
    byPerson: false,
    now: NOW,
    ...over,
  };
}

describe('decideLabel', () => {
  it('sends a label for a processing order with its carrier and cost', () => {
    expect(decideLabel(label(), ctx())).toEqual({
      kind: 'SEND',
      orderId: ORDER,
      carrier: 'UPS',
      costCents: 850,
    });
  });

  it('never sends a voided label, whatever else holds', () => {
    expect(decideLabel(label({ voided: true }), ctx({ brandCurrency: null }))).toEqual({ kind: 'VOIDED' });
  });

  it('waits, instead of holding, while an order it names is still to be asked of Faire', () => {
    const unknown = ctx({ orders: new Map(), lookupPending: true });
    expect(decideLabel(label(), unknown)).toEqual({ kind: 'WAIT' });
    expect(decideLabel(label(), { ...unknown, lookupPending: false })).toMatchObject({
      kind: 'HOLD',
      reason: 'NO_MATCH',
    });
    // A person sending it never waits: the hold says what is missing.
    expect(decideLabel(label(), { ...unknown, byPerson: true })).toMatchObject({ kind: 'HOLD' });
  });

  it('is already on Faire when the tracking number is on the order (here or on Faire)', () => {
    // With its carrier and cost it still goes through the intake (linked there as another source).
    expect(decideLabel(label(), ctx({ onFaire: new Set([`${ORDER}|1Z999AA10123456784`]) }))).toEqual({
      kind: 'ALREADY_ON_FAIRE',
      orderId: ORDER,
      carrier: 'UPS',
      costCents: 850,
    });
    expect(
      decideLabel(label({ costCents: null }), ctx({ onFaire: new Set([`${ORDER}|1Z999AA10123456784`]) })),
    ).toEqual({ kind: 'ALREADY_ON_FAIRE', orderId: ORDER });
    const typedOnFaire = new Map([[ORDER, order({ state: 'NEW', trackingNumber: '1z999aa1 0123456784' })]]);
    expect(decideLabel(label(), ctx({ orders: typedOnFaire }))).toMatchObject({ kind: 'ALREADY_ON_FAIRE' });
  });

  it('holds a NEW order in the connector’s words unless new orders are accepted', () => {
    const fresh = ctx({ orders: new Map([[ORDER, order({ state: 'NEW' })]]) });
    const held = decideLabel(label(), fresh);
    expect(held).toMatchObject({ kind: 'HOLD', reason: 'NEW_ORDER', orderId: ORDER });
    expect(held.kind === 'HOLD' && held.text).toContain('accept new orders when a label is printed');
    expect(decideLabel(label(), { ...fresh, conn: conn({ acceptNewOrders: true }) })).toMatchObject({
      kind: 'SEND',
    });
  });

  it('drops a label for a closed order', () => {
    const closed = ctx({ orders: new Map([[ORDER, order({ state: 'CANCELED' })]]) });
    expect(decideLabel(label(), closed)).toMatchObject({ kind: 'HOLD', reason: 'ORDER_CLOSED' });
  });

  describe('printed before the connection', () => {
    const before = label({ labelCreatedAt: new Date('2026-12-06T12:00:00Z') });

    it('is offered to a person, never sent by itself', () => {
      expect(decideLabel(before, ctx())).toMatchObject({
        kind: 'HOLD',
        reason: 'BEFORE_CONNECT',
        text: 'Printed before you connected',
      });
      expect(decideLabel(before, ctx({ byPerson: true }))).toMatchObject({ kind: 'SEND' });
    });

    it('counts a label made while connecting (within two minutes, or in the same second) as after it', () => {
      const sameSecond = label({ labelCreatedAt: new Date(CONNECTED.getTime() - 500) });
      expect(decideLabel(sameSecond, ctx())).toMatchObject({ kind: 'SEND' });
      const ninetySeconds = label({ labelCreatedAt: new Date(CONNECTED.getTime() - 90_000) });
      expect(decideLabel(ninetySeconds, ctx())).toMatchObject({ kind: 'SEND' });
    });

    it('is not even linked when its tracking number is already on the order', () => {
      expect(decideLabel(before, ctx({ onFaire: new Set([`${ORDER}|1Z999AA10123456784`]) }))).toEqual({
        kind: 'ALREADY_ON_FAIRE',
        orderId: ORDER,
      });
    });

    it('is ignored when older than 7 days, when its order shipped or closed, or names no Faire order', () => {
      const old = label({ labelCreatedAt: new Date('2026-11-29T12:00:00Z') });
      expect(decideLabel(old, ctx())).toMatchObject({ kind: 'IGNORE' });
      const shipped = new Map([[ORDER, order({ state: 'PRE_TRANSIT', trackingNumber: 'OTHER123' })]]);
      expect(decideLabel(before, ctx({ orders: shipped }))).toMatchObject({ kind: 'IGNORE' });
      const delivered = new Map([[ORDER, order({ state: 'DELIVERED' })]]);
      expect(decideLabel(before, ctx({ orders: delivered }))).toMatchObject({ kind: 'IGNORE' });
      expect(decideLabel(before, ctx({ orders: new Map() }))).toMatchObject({ kind: 'IGNORE' });
    });
  });

  it('holds an unknown carrier, a missing cost, another currency, and review mode', () => {
    expect(decideLabel(label({ carrierCode: 'my_courier', trackingNumber: 'ZZ1' }), ctx())).toMatchObject({
      reason: 'UNKNOWN_CARRIER',
    });
    expect(decideLabel(label({ costCents: null }), ctx())).toMatchObject({ reason: 'NO_COST' });
    const cad = decideLabel(label(), ctx({ conn: conn({ currency: 'CAD' }) }));
    expect(cad).toMatchObject({ reason: 'CURRENCY_MISMATCH' });
    expect(cad.kind === 'HOLD' && cad.text).toBe(
      "The ShipStation cost is in CAD, the Faire brand's currency is USD: set the cost to send it",
    );
    expect(decideLabel(label(), ctx({ conn: conn({ mode: 'REVIEW' }) }))).toMatchObject({ reason: 'REVIEW' });
    expect(decideLabel(label(), ctx({ conn: conn({ mode: 'REVIEW' }), byPerson: true }))).toMatchObject({
      kind: 'SEND',
    });
  });

  it('reads the carrier from the tracking number when the source’s code is unknown, else holds it', () => {
    // Moved from sources-decisions.e2e-spec: a UPS number whose check digit is right reads as UPS.
    const known = label({ carrierCode: 'my_courier', trackingNumber: '1Z999AA10123456784' });
    expect(decideLabel(known, ctx())).toEqual({
      kind: 'SEND',
      orderId: ORDER,
      carrier: 'UPS',
      costCents: 850,
    });
    const unknown = label({ carrierCode: 'my_courier', trackingNumber: 'ZZ1781234567' });
    expect(decideLabel(unknown, ctx())).toMatchObject({
      kind: 'HOLD',
      reason: 'UNKNOWN_CARRIER',
      orderId: ORDER,
      text: 'The carrier could not be read',
    });
  });

  it('holds a label whose own cost is 0 as having none, unless the company sends $0', () => {
    const zero = label({ costCents: 0 });
    expect(decideLabel(zero, ctx())).toMatchObject({
      kind: 'HOLD',
      reason: 'NO_COST',
      text: 'No cost on the label',
    });
    expect(decideLabel(zero, ctx({ conn: conn({ sendZeroCost: true }) }))).toMatchObject({
      kind: 'SEND',
      costCents: 0,
    });
  });

  it('prices a flat amount once per shipment, and a share of the subtotal once per order', () => {
    const flat = ctx({ conn: conn({ costRule: { kind: 'FLAT', flatCents: 750 } }) });
    expect(decideLabel(label(), { ...flat, split: { index: 0, of: 2 } })).toMatchObject({ costCents: 375 });
    expect(decideLabel(label(), { ...flat, split: { index: 1, of: 2 } })).toMatchObject({ costCents: 375 });
    const share = ctx({ conn: conn({ costRule: { kind: 'SHARE', basisPoints: 1000, minCents: 0 } }) });
    const unpriced = label({ costCents: null });
    expect(decideLabel(unpriced, share)).toMatchObject({ kind: 'SEND', costCents: 1000 });
    expect(decideLabel(unpriced, { ...share, orderShareTaken: () => true })).toMatchObject({ costCents: 0 });
  });

  it('says what the rule would charge on a hold, for the person who reviews it', () => {
    const fresh = ctx({
      conn: conn({ costRule: { kind: 'FLAT', flatCents: 650 } }),
      orders: new Map([[ORDER, order({ state: 'NEW' })]]),
    });
    expect(decideLabel(label(), fresh)).toMatchObject({ kind: 'HOLD', reason: 'NEW_ORDER', costCents: 650 });
    const review = ctx({ conn: conn({ mode: 'REVIEW' }) });
    expect(decideLabel(label(), review)).toMatchObject({ reason: 'REVIEW', costCents: 850 });
  });

  it('takes the order and cost a person picked', () => {
    const other = 'bo_zzz99999zz';
    const picked = ctx({
      orders: new Map([[other, order()]]),
      override: { orderId: other, costCents: 1 },
      byPerson: true,
    });
    expect(decideLabel(label({ orderRefs: {} }), picked)).toEqual({
      kind: 'SEND',
      orderId: other,
      carrier: 'UPS',
      costCents: 1,
    });
  });

  it('holds without Faire connected; the holds that depend on the order are the rechecked ones', () => {
    expect(decideLabel(label(), ctx({ brandCurrency: null }))).toMatchObject({ reason: 'NO_FAIRE' });
    expect([...ORDER_HOLDS].sort()).toEqual(
      ['BEFORE_CONNECT', 'NEW_ORDER', 'NO_FAIRE', 'NO_MATCH', 'ORDER_CLOSED'].sort(),
    );
  });

  it('holds a label naming two stored orders as ambiguous, priced for the person who picks one', () => {
    const second = 'bo_zzz99999zz';
    const both = ctx({
      orders: new Map([
        [ORDER, order()],
        [second, order()],
      ]),
    });
    const refs = { orderNumber: 'ABC12345DE', customField1: 'ZZZ99999ZZ' };
    expect(decideLabel(label({ orderRefs: refs }), both)).toEqual({
      kind: 'HOLD',
      reason: 'AMBIGUOUS',
      text: 'The label names more than one Faire order',
      orderId: null,
      costCents: 850,
    });
    // While one of them is still to be asked of Faire it waits; a person picking one sends it.
    expect(decideLabel(label({ orderRefs: refs }), { ...both, lookupPending: true })).toEqual({
      kind: 'WAIT',
    });
    expect(
      decideLabel(label({ orderRefs: refs }), { ...both, override: { orderId: second }, byPerson: true }),
    ).toMatchObject({ kind: 'SEND', orderId: second });
  });

  it('holds as unmatched an order a person picked that is not stored', () => {
    const picked = ctx({ override: { orderId: 'bo_unknown000' }, byPerson: true });
    expect(decideLabel(label(), picked)).toMatchObject({ kind: 'HOLD', reason: 'NO_MATCH', orderId: null });
  });

  it('links a label already on Faire without a cost when its cost is in another currency', () => {
    const onFaire = new Set([`${ORDER}|1Z999AA10123456784`]);
    expect(decideLabel(label(), ctx({ onFaire, conn: conn({ currency: 'CAD' }) }))).toEqual({
      kind: 'ALREADY_ON_FAIRE',
      orderId: ORDER,
    });
    // A flat amount is the brand's own: it is in no other currency.
    const flat = conn({ currency: 'CAD', costRule: { kind: 'FLAT', flatCents: 700 } });
    expect(decideLabel(label(), ctx({ onFaire, conn: flat }))).toEqual({
      kind: 'ALREADY_ON_FAIRE',
      orderId: ORDER,
      carrier: 'UPS',
      costCents: 700,
    });
    // Nor with a carrier that cannot be read.
    const unread = label({ carrierCode: 'my_courier', trackingNumber: 'ZZ1' });
    const zz = new Set([`${ORDER}|ZZ1`]);
    expect(decideLabel(unread, ctx({ onFaire: zz }))).toEqual({ kind: 'ALREADY_ON_FAIRE', orderId: ORDER });
  });

  it('reaches every verdict, and every hold reason the decision gives, from a label and a connection', () => {
    const before = label({ labelCreatedAt: new Date('2026-12-06T12:00:00Z') });
    const cases: [string, LabelFacts, DecisionContext][] = [
      ['VOIDED', label({ voided: true }), ctx()],
      ['WAIT', label(), ctx({ orders: new Map(), lookupPending: true })],
      ['IGNORE', label({ labelCreatedAt: new Date('2026-11-29T12:00:00Z') }), ctx()],
      ['ALREADY_ON_FAIRE', label(), ctx({ onFaire: new Set([`${ORDER}|1Z999AA10123456784`]) })],
      ['SEND', label(), ctx()],
      ['HOLD NO_FAIRE', label(), ctx({ brandCurrency: null })],
      ['HOLD NO_MATCH', label(), ctx({ orders: new Map() })],
      [
        'HOLD AMBIGUOUS',
        label({ orderRefs: { orderNumber: 'ABC12345DE', customField1: 'ZZZ99999ZZ' } }),
        ctx({
          orders: new Map([
            [ORDER, order()],
            ['bo_zzz99999zz', order()],
          ]),
        }),
      ],
      ['HOLD BEFORE_CONNECT', before, ctx()],
      ['HOLD ORDER_CLOSED', label(), ctx({ orders: new Map([[ORDER, order({ state: 'DELIVERED' })]]) })],
      ['HOLD NEW_ORDER', label(), ctx({ orders: new Map([[ORDER, order({ state: 'NEW' })]]) })],
      ['HOLD UNKNOWN_CARRIER', label({ carrierCode: 'my_courier', trackingNumber: 'ZZ1' }), ctx()],
      ['HOLD CURRENCY_MISMATCH', label(), ctx({ conn: conn({ currency: 'CAD' }) })],
      ['HOLD NO_COST', label({ costCents: null }), ctx()],
      ['HOLD REVIEW', label(), ctx({ conn: conn({ mode: 'REVIEW' }) })],
    ];
    const reached = cases.map(([, l, c]) => {
      const v = decideLabel(l, c);
      return v.kind === 'HOLD' ? `HOLD ${v.reason}` : v.kind;
    });
    expect(reached).toEqual(cases.map(([want]) => want));
  });
});
