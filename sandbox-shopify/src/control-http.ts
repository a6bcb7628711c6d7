import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Controller, FulfilInput } from './control.js';
import {
  badRequest,
  commonControlRoutes,
  handleControlRequest,
  notFound,
  type ControlRoutes,
} from '@portal/faire-sandbox/kit';
import { MAX_BODY_BYTES } from './http.js';
import type { ThrottleKnobs, TokenKnobs } from './types.js';

export const CONTROL_PREFIX = '/_sandbox';

function idOf(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw notFound(`No fulfillment ${segment}.`);
  }
}

const PRIVACY = ['customers/data_request', 'customers/redact', 'shop/redact'] as const;

/** The test-control routes under /_sandbox, beside the ones every source sandbox has. */
function controlRoutes(control: Controller): ControlRoutes {
  return {
    'POST /fulfil': ({ body }) => [201, control.fulfil(body as FulfilInput)],
    'POST /fulfillments/:id/tracking': ({ obj, segs }) => {
      if (!obj) throw badRequest('Body must be {trackingNumber, company?}.');
      return [200, control.updateTracking(idOf(segs[1]!), obj)];
    },
    'POST /fulfillments/:id/cancel': ({ segs }) => [200, control.cancelFulfillment(idOf(segs[1]!))],
    'GET /orders': () => [200, control.orders()],
    'POST /orders': ({ obj }) => {
      if (!obj) throw badRequest('Body must be {name, faireOrderNumber?, tags?, sourceName?}.');
      return [201, control.createOrder(obj)];
    },
    'GET /webhooks/subscriptions': () => [200, control.subscriptions()],
    'POST /webhooks/subscriptions': ({ obj }) => {
      if (!obj) throw badRequest('Body must be {topic, uri}.');
      return [201, control.subscribe(String(obj.topic), String(obj.uri))];
    },
    'POST /privacy': ({ obj }) => {
      const topic = obj?.topic;
      if (typeof topic !== 'string' || !(PRIVACY as readonly string[]).includes(topic)) {
        throw badRequest(`topic must be one of ${PRIVACY.join(', ')}.`);
      }
      return [200, { webhookIds: control.sendPrivacy(topic as (typeof PRIVACY)[number]) }];
    },
    'POST /uninstall': () => [200, { webhookIds: control.uninstall() }],
    'POST /tokens': ({ body }) => [
      200,
      control.setTokenKnobs(body as Partial<TokenKnobs> & { expireNow?: boolean }),
    ],
    'POST /throttle': ({ body }) => [200, control.setThrottle(body as Partial<ThrottleKnobs>)],
    'POST /outage': ({ obj }) => [200, control.setOutage(obj?.next503, obj?.operation)],
    ...commonControlRoutes(control),
  };
}

/** Test-control API under /_sandbox: no auth, CORS open. */
export function handleControl(
  req: IncomingMessage,
  res: ServerResponse,
  subpath: string,
  control: Controller,
): Promise<void> {
  return handleControlRequest(req, res, subpath, {
    prefix: CONTROL_PREFIX,
    idAfter: ['fulfillments'],
    routes: controlRoutes(control),
    maxBodyBytes: MAX_BODY_BYTES,
  });
}
