import { Injectable } from '@nestjs/common';
import type { CarrierCode } from '@portal/shipment-rules';
import type { SourceConnection } from './entities/source-connection.entity.js';
import type { OrderRefs } from './entities/source-label.entity.js';
import type { LabelRow } from './source-labels.repository.js';

/** What people read of a connector's items (a ShipStation label, a Shopify fulfilment). */
export interface ConnectorWords {
  /** The source's name as people know it. */
  name: string;
  /** One item, and many, in a sentence ("label", "fulfilment"). */
  item: string;
  items: string;
  /** The alert of an item taken back at the source after it reached Faire. */
  undoneAfterSend: string;
  /** The connection's switch that lets a label accept a NEW Faire order, in the connector's words. */
  acceptNewOrders: string;
  /** Why an item waits for a cost, in the connector's words. */
  noCost: string;
}

/**
 * One source of shipments (decision 0065): reads what the source reports into labels, and answers the
 * questions the shared release asks of it. The shared code (the tick, the release, "Needs attention",
 * the integrations list) dispatches through `SourceConnectors` by the connection's kind and names no
 * connector.
 */
export interface SourceConnector {
  /** The connection kind it serves ('SHIPSTATION'). */
  readonly kind: string;
  readonly words: ConnectorWords;
  /** Reads the connection's pending webhook deliveries; how many labels it stored. */
  readEvents(conn: SourceConnection): Promise<number>;
  /** The reconcile poll from the connection's marks (new labels, and voids or cancellations). */
  poll(conn: SourceConnection): Promise<number>;
  /**
   * Right before labels past their grace are decided: reads what the source took back since it was last
   * asked (voided labels, cancelled fulfilments), so a void always wins the hold. Throws the source's
   * fault when it could not be read: the labels then wait.
   */
  freshen(conn: SourceConnection): Promise<void>;
  /**
   * References to a Faire order that only the label's order at the source holds (ShipStation's custom
   * fields), by label id, for labels whose own references name no Faire order; labels left out are read
   * on a later run (`spent`: the source's budget ran out, so not at once). Optional.
   */
  orderRefs?(
    conn: SourceConnection,
    labels: LabelRow[],
  ): Promise<{ refs: Map<string, OrderRefs>; spent: boolean }>;
  /**
   * The shipment an item is one box of, when a flat amount prices the shipment once (a Shopify
   * fulfilment with several tracking numbers); null when each item is its own parcel. Optional.
   */
  costGroup?(externalId: string): string | null;
  /** Faire's carrier for the source's carrier text; undefined when nothing knows it. */
  carrier(
    code: string | null,
    tracking: string,
    companyMap: Readonly<Record<string, string>>,
  ): CarrierCode | undefined;
  /** Drops the connection's webhook subscriptions at the source (best effort). */
  dropWebhooks(conn: SourceConnection): Promise<void>;
  /** Lets go of what ties the connection to its account here, on a disconnect (Shopify: the shop). */
  forget?(conn: SourceConnection): Promise<void>;
  /**
   * Whether an error is this source's fault: passing (the job waits until `retryAt`, epoch ms) or one
   * only a person can mend (`final`: the job is not tried again).
   */
  fault(err: unknown): SourceFault | null;
}

/**
 * How long a new item waits before it is decided: the grace (so a label voided right after printing
 * costs nothing), or nothing in "Hold for review" mode, where a person decides every item anyway and
 * sees it at once.
 */
export function holdMs(conn: Pick<SourceConnection, 'mode'>, graceMs: number): number {
  return conn.mode === 'REVIEW' ? 0 : graceMs;
}

/** A source's fault, as the queue's processor needs it. */
export interface SourceFault {
  transient: boolean;
  retryAt?: number;
  /** Trying again changes nothing (a refused key): the connection says so and a person acts. */
  final: boolean;
  message: string;
}

/** The connectors by kind: each registers itself when its module starts. */
@Injectable()
export class SourceConnectors {
  private readonly byKind = new Map<string, SourceConnector>();

  register(connector: SourceConnector): void {
    this.byKind.set(connector.kind, connector);
  }

  /** The connector of `kind`; throws when none registered it (a connection of a kind no longer served). */
  get(kind: string): SourceConnector {
    const c = this.byKind.get(kind);
    if (!c) throw new Error(`No source connector is registered for ${kind}`);
    return c;
  }

  find(kind: string): SourceConnector | undefined {
    return this.byKind.get(kind);
  }

  /** The kinds a company can connect, in registration order. */
  kinds(): string[] {
    return [...this.byKind.keys()];
  }

  /** The source's name as people know it (the kind itself when no connector serves it). */
  name(kind: string | undefined): string {
    return (kind && this.byKind.get(kind)?.words.name) ?? kind ?? 'Source';
  }

  /** The fault of any registered source, if `err` is one. */
  fault(err: unknown): SourceFault | null {
    for (const c of this.byKind.values()) {
      const f = c.fault(err);
      if (f) return f;
    }
    return null;
  }
}
