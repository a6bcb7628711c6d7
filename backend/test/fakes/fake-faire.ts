import {
  FaireError,
  SlotNotDueError,
  type FaireAccount,
  type FaireClient,
  type FaireOrder,
  type FaireOrderState,
  type NewFaireShipment,
} from '../../src/modules/marketplace/index.js';

type Method = 'getOrder' | 'acceptOrder' | 'addShipments';

/**
 * What the next call of a method (after `skip` calls) does instead of answering: throws `err`; with
 * `applied`, the write happens on Faire first (an answer lost after Faire did it).
 */
interface Planned {
  method: Method;
  err: Error;
  applied?: boolean;
  /** Calls of the method to let through first. */
  skip: number;
}

export interface FaireCall {
  method: Method | 'reserve';
  orderId?: string;
  /** addShipments: the tracking codes sent; reserve: the slots asked for. */
  tracking?: string[];
  count?: number;
}

/**
 * Faire in memory, behind the FaireClient methods the processing code calls: orders by id (state and
 * shipments), one planned fault per call when asked (`failNext`), every call recorded in `calls`. Orders
 * it does not know answer NOT_FOUND, as Faire does; shipments are added only to orders in a shippable
 * state, else WRONG_STATE (422).
 */
export class FakeFaire implements Pick<
  FaireClient,
  'getOrder' | 'acceptOrder' | 'addShipments' | 'reserve' | 'answeredWithin'
> {
  readonly orders = new Map<string, FaireOrder>();
  readonly calls: FaireCall[] = [];
  /** Create calls answer 200 with the order as it was, without adding anything. */
  createsIgnored = false;
  /** What answeredWithin answers (Faire answered this account lately). */
  answeredLately = false;
  private readonly planned: Planned[] = [];
  private seq = 0;

  order(id: string, state: FaireOrderState, tracking: string[] = []): FaireOrder {
    const at = new Date().toISOString();
    const order: FaireOrder = {
      id,
      created_at: at,
      updated_at: at,
      state,
      items: [],
      shipments: tracking.map((code) => ({
        id: `sh_${++this.seq}`,
        order_id: id,
        carrier: 'UPS',
        tracking_code: code,
        created_at: at,
      })),
    };
    this.orders.set(id, order);
    return order;
  }

  failNext(method: Method, err: Error, opts: { applied?: boolean; skip?: number } = {}): void {
    this.planned.push({ method, err, applied: opts.applied, skip: opts.skip ?? 0 });
  }

  /** The calls of one method, in order. */
  callsOf(method: FaireCall['method']): FaireCall[] {
    return this.calls.filter((c) => c.method === method);
  }

  reserve<A extends FaireAccount>(account: A, count: number): Promise<A> {
    this.calls.push({ method: 'reserve', count });
    return Promise.resolve({ ...account });
  }

  answeredWithin(): boolean {
    return this.answeredLately;
  }

  async getOrder(_account: FaireAccount, orderId: string): Promise<FaireOrder> {
    this.calls.push({ method: 'getOrder', orderId });
    await this.fault('getOrder', () => undefined);
    return structuredClone(this.known(orderId));
  }

  async acceptOrder(_account: FaireAccount, orderId: string): Promise<FaireOrder> {
    this.calls.push({ method: 'acceptOrder', orderId });
    const accept = () => {
      const order = this.known(orderId);
      if (order.state !== 'NEW') throw new FaireError('WRONG_STATE', `Order is ${order.state}`, 400);
      order.state = 'PROCESSING';
    };
    await this.fault('acceptOrder', accept);
    accept();
    return structuredClone(this.known(orderId));
  }

  async addShipments(
    _account: FaireAccount,
    orderId: string,
    shipments: NewFaireShipment[],
  ): Promise<FaireOrder> {
    this.calls.push({ method: 'addShipments', orderId, tracking: shipments.map((s) => s.tracking_code) });
    const add = () => {
      const order = this.known(orderId);
      if (!['PROCESSING', 'PRE_TRANSIT', 'IN_TRANSIT'].includes(order.state)) {
        throw new FaireError('WRONG_STATE', `Cannot add shipments to a ${order.state} order`, 422);
      }
      for (const s of shipments) {
        order.shipments.push({
          id: `sh_${++this.seq}`,
          order_id: orderId,
          carrier: s.carrier,
          tracking_code: s.tracking_code,
          maker_cost: s.maker_cost,
          created_at: new Date().toISOString(),
        });
      }
    };
    await this.fault('addShipments', add);
    if (!this.createsIgnored) add();
    return structuredClone(this.known(orderId));
  }

  private known(orderId: string): FaireOrder {
    const order = this.orders.get(orderId);
    if (!order) throw new FaireError('NOT_FOUND', `Order ${orderId} not found`, 404);
    return order;
  }

  private async fault(method: Method, write: () => void): Promise<void> {
    await Promise.resolve();
    const i = this.planned.findIndex((p) => p.method === method);
    if (i < 0) return;
    if (this.planned[i]!.skip > 0) {
      this.planned[i]!.skip -= 1;
      return;
    }
    const [planned] = this.planned.splice(i, 1) as [Planned];
    if (planned.applied) write();
    throw planned.err;
  }
}

export const faireErrors = {
  throttled: (retryAfterMs = 2000) => new FaireError('RATE_LIMITED', 'Faire answered 429', 429, retryAfterMs),
  unavailable: () => new FaireError('UNAVAILABLE', 'Faire answered 503', 503),
  uncertain: () => new FaireError('UNCERTAIN', 'No answer from Faire (timed out)'),
  notFound: () => new FaireError('NOT_FOUND', 'Order not found', 404),
  unauthorized: () => new FaireError('UNAUTHORIZED', 'Token refused', 401),
  wrongState: () => new FaireError('WRONG_STATE', 'Order cannot take shipments', 422),
  slotNotDue: () => new SlotNotDueError(),
};
