import { DicePrng } from './dice.js';

/** The knobs every source sandbox's webhooks take; `retries` (default 0) re-sends a failed delivery. */
export interface WebhookQueueKnobs {
  /** Extra copies of each delivery. */
  duplicate: number;
  delayMs: number;
  /** The share of deliveries never sent. */
  drop: number;
  /** Holds a delivery back until the next one (or a flush), then sends it after. */
  reorder: boolean;
  retries?: number;
  retryDelayMs?: number;
}

export type QueuedOutcome = 'dropped' | 'held' | 'delivered' | 'failed';

/**
 * Webhook deliveries with the knobs that duplicate, delay, drop and reorder them, shared by the source
 * sandboxes: a sandbox says how one delivery is sent (`send`: true once the target took it) and how an
 * outcome is logged (`record`, into `log`); the queue decides when, in what order and how many times.
 */
export abstract class WebhookQueue<D, K extends WebhookQueueKnobs, R extends object> {
  knobs: K;
  /** Every delivery's outcome, in order. */
  log: R[] = [];
  private held: D[] = [];
  private dice: DicePrng;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  protected closed = false;

  constructor(
    private readonly defaults: Readonly<K>,
    private readonly seed: number,
  ) {
    this.knobs = { ...defaults };
    this.dice = new DicePrng(seed);
  }

  /** Sends one delivery (attempt 1, 2, ...) and records it; true when the target answered 2xx. */
  protected abstract send(d: D, attempt: number): Promise<boolean>;
  protected abstract record(d: D, attempt: number, outcome: QueuedOutcome, status: number | null): void;

  /** Forgets the knobs, held deliveries and log. */
  reset(): void {
    this.knobs = { ...this.defaults };
    this.held = [];
    this.log = [];
    this.dice = new DicePrng(this.seed);
  }

  /** Changes some knobs (validated by the caller); answers them all. */
  setKnobs(patch: Partial<K>): K {
    this.knobs = { ...this.knobs, ...patch };
    return { ...this.knobs };
  }

  /** A copy of the log. */
  deliveries(): R[] {
    return this.log.map((d) => ({ ...d }));
  }

  /** Drops, holds or sends one delivery, as the knobs say. */
  protected enqueue(d: D): void {
    if (this.dice.next() < this.knobs.drop) {
      this.record(d, 0, 'dropped', null);
    } else if (this.knobs.reorder && this.held.length === 0) {
      // Nothing to swap with yet: wait for the next delivery (or a flush), then go after it.
      this.held.push(d);
      this.record(d, 0, 'held', null);
    } else {
      // The newest first, then whatever was held back, one after the other.
      this.release([d, ...this.held.splice(0)]);
    }
  }

  /** Sends whatever `reorder` is holding back; returns how many. */
  flush(): number {
    const held = this.held.splice(0);
    if (held.length > 0) this.release(held);
    return held.length;
  }

  /** Resolves when every scheduled delivery has been attempted. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.inFlight.clear();
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  /** Sends the deliveries (each with its duplicates) one after the other, after `delayMs`. */
  private release(list: D[]): void {
    const copies = list.flatMap((d) => Array.from({ length: this.knobs.duplicate + 1 }, () => d));
    const { delayMs, retries = 0, retryDelayMs = 0 } = this.knobs;
    const run = (async () => {
      await this.wait(delayMs);
      for (const d of copies) {
        for (let attempt = 1; attempt <= retries + 1 && !this.closed; attempt++) {
          if (await this.send(d, attempt)) break;
          if (attempt <= retries) await this.wait(retryDelayMs);
        }
      }
    })();
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }
}
