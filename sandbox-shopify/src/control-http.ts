import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Controller, FulfilInput } from './control.js';
import { badRequest, HttpError, notFound } from '@portal/faire-sandbox/kit';
import { parseJsonBody, readBody, sendJson } from './http.js';
import type { ThrottleKnobs, TokenKnobs, WebhookKnobs } from './types.js';
import { isObject } from '@portal/faire-sandbox/kit';

export const CONTROL_PREFIX = '/_sandbox';

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, PUT, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
};

const KNOWN: Record<string, string[]> = {
  '/fulfil': ['POST'],
  '/fulfillments/:id/tracking': ['POST'],
  '/fulfillments/:id/cancel': ['POST'],
  '/orders': ['GET', 'POST'],
  '/webhooks': ['GET', 'POST'],
  '/webhooks/flush': ['POST'],
  '/webhooks/deliveries': ['GET'],
  '/webhooks/subscriptions': ['GET', 'POST'],
  '/privacy': ['POST'],
  '/uninstall': ['POST'],
  '/tokens': ['POST'],
  '/throttle': ['POST'],
  '/reset': ['POST'],
  '/calls': ['GET', 'DELETE'],
  '/clock': ['POST'],
};

function idOf(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw notFound(`No fulfillment ${segment}.`);
  }
}

const PRIVACY = ['customers/data_request', 'customers/redact', 'shop/redact'] as const;

/** Test-control API under /_sandbox: no auth, CORS open. */
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
  const pathKey = `/${segs.map((s, i) => (segs[0] === 'fulfillments' && i === 1 ? ':id' : s)).join('/')}`;
  try {
    const parsed = parseJsonBody(await readBody(req));
    const body = parsed === undefined ? {} : parsed;
    const obj = isObject(body) ? body : null;
    switch (`${method} ${pathKey}`) {
      case 'POST /fulfil':
        send(201, control.fulfil(body as FulfilInput));
        return;
      case 'POST /fulfillments/:id/tracking':
        if (!obj) throw badRequest('Body must be {trackingNumber, company?}.');
        send(200, control.updateTracking(idOf(segs[1]!), obj));
        return;
      case 'POST /fulfillments/:id/cancel':
        send(200, control.cancelFulfillment(idOf(segs[1]!)));
        return;
      case 'GET /orders':
        send(200, control.orders());
        return;
      case 'POST /orders':
        if (!obj) throw badRequest('Body must be {name, faireOrderNumber?, tags?, sourceName?}.');
        send(201, control.createOrder(obj));
        return;
      case 'GET /webhooks':
        send(200, control.webhookKnobs());
        return;
      case 'POST /webhooks':
        send(200, control.setWebhookKnobs(body as Partial<WebhookKnobs>));
        return;
      case 'POST /webhooks/flush':
        send(200, { released: control.flushWebhooks() });
        return;
      case 'GET /webhooks/deliveries':
        send(200, control.deliveries());
        return;
      case 'GET /webhooks/subscriptions':
        send(200, control.subscriptions());
        return;
      case 'POST /webhooks/subscriptions':
        if (!obj) throw badRequest('Body must be {topic, uri}.');
        send(201, control.subscribe(String(obj.topic), String(obj.uri)));
        return;
      case 'POST /privacy': {
        const topic = obj?.topic;
        if (typeof topic !== 'string' || !(PRIVACY as readonly string[]).includes(topic)) {
          throw badRequest(`topic must be one of ${PRIVACY.join(', ')}.`);
        }
        send(200, { webhookIds: control.sendPrivacy(topic as (typeof PRIVACY)[number]) });
        return;
      }
      case 'POST /uninstall':
        send(200, { webhookIds: control.uninstall() });
        return;
      case 'POST /tokens':
        send(200, control.setTokenKnobs(body as Partial<TokenKnobs> & { expireNow?: boolean }));
        return;
      case 'POST /throttle':
        send(200, control.setThrottle(body as Partial<ThrottleKnobs>));
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
        const ms = obj?.advanceMs;
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
