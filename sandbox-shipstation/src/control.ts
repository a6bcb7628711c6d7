// What a test or a person does to the account: print and void labels, mark orders shipped, bend webhook
// deliveries, revoke the key pair, inject faults, reset, read call counts. Reachable in-process (the
// handle's `control`) and over HTTP under `/_sandbox` (no auth, never faulted or rate limited).
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  badRequest,
  commonControlRoutes,
  handleControlRequest,
  notFound,
  type ControlRoutes,
} from '@portal/faire-sandbox/kit';
import { validateFaults, type Faults } from './faults.js';
import { MAX_BODY_BYTES } from './http.js';
import { toWireFulfillment, toWireShipment } from './listing.js';
import { toWireOrder, type ShipStationOrder } from './orders.js';
import {
  parseFulfillmentInput,
  parseLabelInput,
  type FulfillmentInput,
  type LabelInput,
  type ShipStationState,
} from './state.js';
import type {
  CallCounts,
  DeliveryRecord,
  FaultKnobs,
  ShipStationFulfillment,
  ShipStationShipment,
  WebhookKnobs,
} from './types.js';
import { validateWebhookKnobs, type WebhookEmitter } from './webhooks.js';
import { isObject } from './util.js';
import { StoreClient } from './store-client.js';
import { storeRoutes } from './store-routes.js';

export const CONTROL_PREFIX = '/_sandbox';

export interface PrintResult {
  batchId: number;
  /** A URL on the sandbox itself that lists exactly these labels (deliveries name `resourceOrigin`). */
  resourceUrl: string;
  shipments: ShipStationShipment[];
  /** Deliveries queued (one per matching subscription). */
  webhooks: number;
}

/** The control surface, shared by the in-process handle and the HTTP control API. */
export class Controller {
  /** ShipStation's side of a Custom Store (pulls the export, posts ship notices). */
  readonly store: StoreClient;

  constructor(
    private readonly state: ShipStationState,
    private readonly faults: Faults,
    private readonly emitter: WebhookEmitter,
    private readonly baseUrl: () => string,
    private readonly resetAll: () => void,
    readonly advanceClock: (ms: number) => void,
    now: () => number = Date.now,
  ) {
    this.store = new StoreClient(now, {
      printLabel: (l) => Number(this.printLabels([l]).shipments[0]!.shipmentId),
      markShipped: (f) => {
        this.markShipped(f);
      },
    });
  }

  /**
   * A delivery's `resource_url` as ShipStation writes it:
   * `<origin>/<resource>?storeID=<store>&batchId=<batch>&includeShipmentItems=False`, where the origin is
   * the `resourceOrigin` knob (e.g. `https://ssapi7.shipstation.com`) or the sandbox's own URL.
   */
  private resourceUrl(resource: 'shipments' | 'fulfillments', storeId: number, batchId: number): string {
    const origin = this.emitter.knobs.resourceOrigin ?? this.baseUrl();
    return `${origin}/${resource}?storeID=${storeId}&batchId=${batchId}&includeShipmentItems=False`;
  }

  /** Prints the labels as one batch and delivers one SHIP_NOTIFY per store for it. */
  printLabels(
    inputs: Array<Partial<LabelInput> & Pick<LabelInput, 'orderNumber' | 'trackingNumber'>>,
  ): PrintResult {
    if (inputs.length === 0) throw badRequest('labels must hold at least one label.');
    const parsed = inputs.map((i) => parseLabelInput(i));
    const { batchId, labels } = this.state.printLabels(parsed);
    const resourceUrl = `${this.baseUrl()}/shipments?batchId=${batchId}&includeShipmentItems=False`;
    let webhooks = 0;
    for (const storeId of new Set(labels.map((l) => l.storeId))) {
      const url = this.resourceUrl('shipments', storeId, batchId);
      webhooks += this.emitter.emit(this.state.subscriptions, 'SHIP_NOTIFY', url, storeId);
    }
    return { batchId, resourceUrl, shipments: labels.map((l) => toWireShipment(l, false)), webhooks };
  }

  /** Voids a label now. As in ShipStation, nothing is delivered: a void is found by `voidDateStart`. */
  voidLabel(shipmentId: number): ShipStationShipment {
    return toWireShipment(this.state.voidLabel(shipmentId), false);
  }

  /** Marks an order shipped outside the label flow: no webhook unless `notify` (then FULFILLMENT_SHIPPED). */
  markShipped(input: FulfillmentInput, notify = false): ShipStationFulfillment & { webhooks: number } {
    const record = this.state.markShipped(parseFulfillmentInput(input));
    let webhooks = 0;
    if (notify) {
      const url = this.resourceUrl('fulfillments', record.storeId, record.batchId);
      webhooks = this.emitter.emit(this.state.subscriptions, 'FULFILLMENT_SHIPPED', url, record.storeId);
    }
    return { ...toWireFulfillment(record), webhooks };
  }

  labels(): ShipStationShipment[] {
    return this.state.labels.map((l) => toWireShipment(l, false));
  }

  /** Every order (wire shape), the custom fields with them. */
  orders(): ShipStationOrder[] {
    return this.state.orders.map((o) => toWireOrder(o, this.state.shippedAt(o.orderId)));
  }

  setWebhookKnobs(patch: Partial<WebhookKnobs>): WebhookKnobs {
    return this.emitter.setKnobs(validateWebhookKnobs(patch));
  }

  webhookKnobs(): WebhookKnobs {
    return { ...this.emitter.knobs };
  }

  /** Sends deliveries that `reorder` holds back; returns how many. */
  flushWebhooks(): number {
    return this.emitter.flush();
  }

  deliveries(): DeliveryRecord[] {
    return this.emitter.deliveries();
  }

  /** Resolves once every queued webhook delivery has been attempted. */
  idle(): Promise<void> {
    return this.emitter.idle();
  }

  revoke(revoked = true): void {
    this.state.revoked = revoked;
  }

  setFaults(patch: Partial<FaultKnobs>): FaultKnobs {
    this.faults.set(validateFaults(patch));
    return { ...this.faults.knobs };
  }

  faultKnobs(): FaultKnobs {
    return { ...this.faults.knobs };
  }

  calls(): CallCounts {
    return structuredClone(this.state.calls);
  }

  clearCalls(): CallCounts {
    return this.state.clearCalls();
  }

  reset(): void {
    this.store.reset();
    this.resetAll();
  }
}

/** The test-control routes under /_sandbox, beside the ones every source sandbox has. */
function controlRoutes(control: Controller): ControlRoutes {
  return {
    'GET /labels': () => [200, control.labels()],
    'GET /orders': () => [200, control.orders()],
    'POST /labels': ({ body }) => {
      const many = isObject(body) && Array.isArray(body.labels);
      const inputs = many ? (body.labels as unknown[]) : [body];
      const result = control.printLabels(inputs as LabelInput[]);
      return [201, many ? result : { ...result, shipmentId: result.shipments[0]!.shipmentId }];
    },
    'POST /labels/:id/void': ({ segs }) => {
      const id = Number(segs[1]);
      if (!Number.isInteger(id)) throw notFound(`No label with shipmentId ${segs[1]}.`);
      return [200, control.voidLabel(id)];
    },
    'POST /fulfillments': ({ body, obj }) => [
      201,
      control.markShipped(body as FulfillmentInput, obj?.notify === true),
    ],
    'POST /revoke': ({ obj }) => {
      const revoked = obj?.revoked !== false;
      control.revoke(revoked);
      return [200, { revoked }];
    },
    ...storeRoutes(control.store),
    'GET /faults': () => [200, control.faultKnobs()],
    'POST /faults': ({ body }) => [200, control.setFaults(body as Partial<FaultKnobs>)],
    ...commonControlRoutes(control),
  };
}

export function handleControl(
  req: IncomingMessage,
  res: ServerResponse,
  subpath: string,
  control: Controller,
): Promise<void> {
  return handleControlRequest(req, res, subpath, {
    prefix: CONTROL_PREFIX,
    idAfter: ['labels'],
    routes: controlRoutes(control),
    maxBodyBytes: MAX_BODY_BYTES,
  });
}
