// What a test or a person does to the account: print and void labels, mark orders shipped, bend webhook
// deliveries, revoke the key pair, inject faults, reset, read call counts. Reachable in-process (the
// handle's `control`) and over HTTP under `/_sandbox` (no auth, never faulted or rate limited).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest, HttpError, notFound } from '@portal/faire-sandbox/kit';
import { validateFaults, type Faults } from './faults.js';
import { parseJsonBody, readBody, sendJson } from './http.js';
import { toWireFulfillment, toWireShipment } from './listing.js';
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

export const CONTROL_PREFIX = '/_sandbox';

export interface PrintResult {
  batchId: number;
  /** The SHIP_NOTIFY resource URL that lists exactly these labels. */
  resourceUrl: string;
  shipments: ShipStationShipment[];
  /** Deliveries queued (one per matching subscription). */
  webhooks: number;
}

/** The control surface, shared by the in-process handle and the HTTP control API. */
export class Controller {
  constructor(
    private readonly state: ShipStationState,
    private readonly faults: Faults,
    private readonly emitter: WebhookEmitter,
    private readonly baseUrl: () => string,
    private readonly resetAll: () => void,
    readonly advanceClock: (ms: number) => void,
  ) {}

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
      const url = `${this.baseUrl()}/shipments?storeID=${storeId}&batchId=${batchId}&includeShipmentItems=False`;
      webhooks += this.emitter.emit(this.state.subscriptions, 'SHIP_NOTIFY', url, storeId);
    }
    return { batchId, resourceUrl, shipments: labels.map((l) => toWireShipment(l, false)), webhooks };
  }

  voidLabel(shipmentId: number): ShipStationShipment {
    return toWireShipment(this.state.voidLabel(shipmentId), false);
  }

  /** Marks an order shipped outside the label flow: no webhook unless `notify` (then FULFILLMENT_SHIPPED). */
  markShipped(input: FulfillmentInput, notify = false): ShipStationFulfillment & { webhooks: number } {
    const record = this.state.markShipped(parseFulfillmentInput(input));
    let webhooks = 0;
    if (notify) {
      const url = `${this.baseUrl()}/fulfillments?batchId=${record.batchId}`;
      webhooks = this.emitter.emit(this.state.subscriptions, 'FULFILLMENT_SHIPPED', url, 0);
    }
    return { ...toWireFulfillment(record), webhooks };
  }

  labels(): ShipStationShipment[] {
    return this.state.labels.map((l) => toWireShipment(l, false));
  }

  setWebhookKnobs(patch: Partial<WebhookKnobs>): WebhookKnobs {
    this.emitter.knobs = { ...this.emitter.knobs, ...validateWebhookKnobs(patch) };
    return { ...this.emitter.knobs };
  }

  webhookKnobs(): WebhookKnobs {
    return { ...this.emitter.knobs };
  }

  /** Sends deliveries that `reorder` holds back; returns how many. */
  flushWebhooks(): number {
    return this.emitter.flush();
  }

  deliveries(): DeliveryRecord[] {
    return this.emitter.log.map((d) => ({ ...d }));
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
    this.resetAll();
  }
}

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, PUT, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
};

const KNOWN: Record<string, string[]> = {
  '/labels': ['GET', 'POST'],
  '/labels/:id/void': ['POST'],
  '/fulfillments': ['POST'],
  '/webhooks': ['GET', 'POST'],
  '/webhooks/flush': ['POST'],
  '/webhooks/deliveries': ['GET'],
  '/revoke': ['POST'],
  '/faults': ['GET', 'POST'],
  '/reset': ['POST'],
  '/calls': ['GET', 'DELETE'],
  '/clock': ['POST'],
};

export async function handleControl(
  req: IncomingMessage,
  res: ServerResponse,
  subpath: string,
  control: Controller,
): Promise<void> {
  const method = req.method ?? 'GET';
  const send = (status: number, body: unknown): void => sendJson(res, status, body, CORS_HEADERS);
  if (method === 'OPTIONS') {
    res.writeHead(204, CORS_HEADERS);
    res.end();
    return;
  }
  const segs = subpath.split('/').filter(Boolean);
  const pathKey = `/${segs.map((s, i) => (segs[0] === 'labels' && i === 1 ? ':id' : s)).join('/')}`;
  try {
    const body = parseJsonBody(await readBody(req));
    const obj = body === undefined ? {} : body;
    switch (`${method} ${pathKey}`) {
      case 'GET /labels':
        send(200, control.labels());
        return;
      case 'POST /labels': {
        const many = isObject(obj) && Array.isArray(obj.labels);
        const inputs = many ? (obj.labels as unknown[]) : [obj];
        const result = control.printLabels(inputs as LabelInput[]);
        send(201, many ? result : { ...result, shipmentId: result.shipments[0]!.shipmentId });
        return;
      }
      case 'POST /labels/:id/void': {
        const id = Number(segs[1]);
        if (!Number.isInteger(id)) throw notFound(`No label with shipmentId ${segs[1]}.`);
        send(200, control.voidLabel(id));
        return;
      }
      case 'POST /fulfillments': {
        const notify = isObject(obj) && obj.notify === true;
        send(201, control.markShipped(obj as FulfillmentInput, notify));
        return;
      }
      case 'GET /webhooks':
        send(200, control.webhookKnobs());
        return;
      case 'POST /webhooks':
        send(200, control.setWebhookKnobs(obj as Partial<WebhookKnobs>));
        return;
      case 'POST /webhooks/flush':
        send(200, { released: control.flushWebhooks() });
        return;
      case 'GET /webhooks/deliveries':
        send(200, control.deliveries());
        return;
      case 'POST /revoke': {
        const revoked = !(isObject(obj) && obj.revoked === false);
        control.revoke(revoked);
        send(200, { revoked });
        return;
      }
      case 'GET /faults':
        send(200, control.faultKnobs());
        return;
      case 'POST /faults':
        send(200, control.setFaults(obj as Partial<FaultKnobs>));
        return;
      case 'POST /reset':
        control.reset();
        send(200, { ok: true });
        return;
      case 'GET /calls':
        send(200, control.calls());
        return;
      case 'DELETE /calls':
        send(200, control.clearCalls());
        return;
      case 'POST /clock': {
        const ms = isObject(obj) ? obj.advanceMs : undefined;
        if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
          throw badRequest('Body must be {advanceMs} (a non-negative number).');
        }
        control.advanceClock(ms);
        send(200, { advancedMs: ms });
        return;
      }
      default: {
        const allowed = KNOWN[pathKey];
        if (allowed) {
          throw new HttpError(405, `Method ${method} is not allowed on ${CONTROL_PREFIX}${subpath}`, {
            Allow: allowed.join(', '),
          });
        }
        throw notFound(`No control endpoint ${method} ${CONTROL_PREFIX}${subpath}`);
      }
    }
  } catch (err) {
    if (err instanceof HttpError) {
      sendJson(res, err.status, { message: err.message }, { ...CORS_HEADERS, ...err.headers });
      return;
    }
    throw err;
  }
}
