// ShipStation's side of a Custom Store: it pulls `action=export` from the store URL with Basic auth
// (UTC windows as MM/dd/yyyy HH:mm, page by page), keeps the orders it saw, and posts
// `action=shipnotify` with a <ShipNotice> when a label is printed or an order marked shipped. Knobs:
// duplicates, retries of a failed post, wrong credentials.
import { badRequest, notFound } from '@portal/faire-sandbox/kit';
import { readOrders, shipNoticeXml, storeDate, type StoreOrder } from './store-xml.js';

export interface StoreRegistration {
  url: string;
  username: string;
  password: string;
}

export interface PullResult {
  status: number;
  pages: number;
  orders: number;
  startDate: string;
  endDate: string;
}

export interface ShipInput {
  orderId: string;
  trackingNumber: string;
  /** ShipStation's carrier as the notice names it ('USPS', 'UPS', 'FedEx'); default USPS. */
  carrier?: string;
  service?: string;
  /** The label's cost; none for Mark as Shipped. */
  shippingCost?: number | null;
  /** Mark as Shipped (no label printed, no cost) instead of printing a label. */
  markOnly?: boolean;
  /** The same notice posted this many times (default 1). */
  times?: number;
  /** Posts answered 5xx or unreachable are tried again this many times (default 0). */
  retries?: number;
  /** Post with a wrong password. */
  wrongPassword?: boolean;
}

export interface ShipResult {
  statuses: number[];
  bodies: string[];
  /** The V1 label printed for it (not for Mark as Shipped). */
  shipmentId: number | null;
}

/** What the client asks of the rest of the sandbox: print a V1 label, mark a V1 order shipped. */
export interface StoreAccount {
  printLabel(input: {
    orderNumber: string;
    trackingNumber: string;
    carrierCode: string;
    shipmentCost: number;
  }): number;
  markShipped(input: { orderNumber: string; trackingNumber: string; carrierCode: string }): void;
}

/** The first refresh reads this far back (ShipStation's own first import reaches back days). */
const FIRST_WINDOW_MS = 30 * 24 * 3600 * 1000;
/** Each refresh starts this much before the last one ended (dates are to the minute). */
const OVERLAP_MS = 2 * 60 * 1000;
const MAX_PAGES = 1000;

export class StoreClient {
  private store: StoreRegistration | null = null;
  private seen = new Map<string, StoreOrder>();
  private lastEnd: number | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly now: () => number,
    private readonly account: StoreAccount,
  ) {}

  register(store: StoreRegistration): void {
    if (!/^https?:\/\//.test(store.url ?? '')) throw badRequest('url must be an http(s) URL.');
    if (!store.username || !store.password) throw badRequest('username and password are required.');
    this.store = { url: store.url, username: store.username, password: store.password };
    this.seen.clear();
    this.lastEnd = null;
  }

  registration(): { url: string; username: string } | null {
    return this.store ? { url: this.store.url, username: this.store.username } : null;
  }

  orders(): StoreOrder[] {
    return [...this.seen.values()];
  }

  private auth(password: string): string {
    return `Basic ${Buffer.from(`${this.store!.username}:${password}`).toString('base64')}`;
  }

  private target(query: Record<string, string>): string {
    const u = new URL(this.store!.url);
    for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v);
    return u.toString();
  }

  /** One refresh: every page of the window (default: since the last refresh, less the overlap). */
  async pull(opts: { startMs?: number; endMs?: number; wrongPassword?: boolean } = {}): Promise<PullResult> {
    if (!this.store) throw badRequest('Register a store first.');
    const end = opts.endMs ?? this.now();
    const start = opts.startMs ?? (this.lastEnd === null ? end - FIRST_WINDOW_MS : this.lastEnd - OVERLAP_MS);
    const window = { start_date: storeDate(start), end_date: storeDate(end) };
    const password = opts.wrongPassword ? `${this.store.password}x` : this.store.password;
    let pages = 1;
    let count = 0;
    for (let page = 1; page <= pages && page <= MAX_PAGES; page++) {
      const res = await fetch(this.target({ action: 'export', ...window, page: String(page) }), {
        headers: { Authorization: this.auth(password), Accept: 'application/xml' },
      });
      const text = await res.text();
      if (res.status !== 200) {
        return {
          status: res.status,
          pages,
          orders: count,
          startDate: window.start_date,
          endDate: window.end_date,
        };
      }
      const read = readOrders(text);
      pages = read.pages;
      for (const o of read.orders) this.seen.set(o.orderId, o);
      count += read.orders.length;
    }
    if (!opts.startMs && !opts.endMs) this.lastEnd = end;
    return { status: 200, pages, orders: count, startDate: window.start_date, endDate: window.end_date };
  }

  /** Refreshes every `intervalMs` (null stops it); errors are kept for `lastError`. */
  schedule(intervalMs: number | null): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (intervalMs === null) return;
    if (!Number.isInteger(intervalMs) || intervalMs < 100) {
      throw badRequest('intervalMs must be at least 100.');
    }
    this.timer = setInterval(() => {
      this.pull().catch((err: unknown) => {
        this.lastError = String(err);
      });
    }, intervalMs);
    this.timer.unref();
  }

  lastError: string | null = null;

  /** Prints a label (or marks the order shipped) for an order it saw, and posts the ship notice. */
  async ship(input: ShipInput): Promise<ShipResult> {
    if (!this.store) throw badRequest('Register a store first.');
    const order = this.seen.get(input.orderId);
    if (!order) throw notFound(`The store client has not seen order ${input.orderId}.`);
    if (!input.trackingNumber) throw badRequest('trackingNumber is required.');
    const carrier = input.carrier ?? 'USPS';
    const cost = input.markOnly ? null : (input.shippingCost ?? 0);
    let shipmentId: number | null = null;
    if (input.markOnly) {
      this.account.markShipped({
        orderNumber: order.orderNumber,
        trackingNumber: input.trackingNumber,
        carrierCode: carrier.toLowerCase(),
      });
    } else {
      shipmentId = this.account.printLabel({
        orderNumber: order.orderNumber,
        trackingNumber: input.trackingNumber,
        carrierCode: carrier.toLowerCase(),
        shipmentCost: cost ?? 0,
      });
    }
    const at = this.now();
    const body = shipNoticeXml({
      order,
      carrier,
      service: input.service ?? (input.markOnly ? '' : 'Priority Mail'),
      trackingNumber: input.trackingNumber,
      shippingCost: cost,
      labelCreatedAt: at,
      shipDate: at,
    });
    const url = this.target({
      action: 'shipnotify',
      order_number: order.orderNumber,
      carrier,
      service: input.service ?? '',
      tracking_number: input.trackingNumber,
    });
    const password = input.wrongPassword ? `${this.store.password}x` : this.store.password;
    const statuses: number[] = [];
    const bodies: string[] = [];
    for (let i = 0; i < Math.max(1, input.times ?? 1); i++) {
      for (let attempt = 0; attempt <= (input.retries ?? 0); attempt++) {
        const got = await post(url, this.auth(password), body);
        statuses.push(got.status);
        bodies.push(got.body);
        if (got.status !== 0 && got.status < 500) break;
      }
    }
    return { statuses, bodies, shipmentId };
  }

  close(): void {
    this.schedule(null);
  }

  reset(): void {
    this.close();
    this.store = null;
    this.seen.clear();
    this.lastEnd = null;
    this.lastError = null;
  }
}

async function post(url: string, auth: string, body: string): Promise<{ status: number; body: string }> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': 'application/xml; charset=utf-8' },
      body,
    });
    return { status: res.status, body: await res.text() };
  } catch (err) {
    return { status: 0, body: String(err) };
  }
}
