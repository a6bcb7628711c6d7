import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest, HttpError, notFound } from './errors.js';
import { parseJsonBody, readBody, sendJson } from './http.js';
import { isObject } from './util.js';

export const CONTROL_CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, PUT, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
};

/** What a control route is given: the JSON body (`{}` when none), the same when an object, the path's segments. */
export interface ControlRequest {
  body: unknown;
  obj: Record<string, unknown> | null;
  segs: string[];
}

/** A route answers `[status, body]`. */
export type ControlRoute = (req: ControlRequest) => [number, unknown] | Promise<[number, unknown]>;

/** Routes by `METHOD /path`, where `:id` stands for the segment after `idAfter`'s first segment. */
export type ControlRoutes = Record<string, ControlRoute>;

export interface ControlRouter {
  /** Where the control API is mounted, e.g. `/_sandbox` (for the messages). */
  prefix: string;
  /** First segments whose second segment is an id (`/labels/:id/void`). */
  idAfter: readonly string[];
  routes: ControlRoutes;
  /** The largest body taken, in bytes. */
  maxBodyBytes?: number;
}

/** What every source sandbox's controller offers besides its own routes. */
export interface CommonControl {
  webhookKnobs(): unknown;
  setWebhookKnobs(patch: never): unknown;
  flushWebhooks(): number;
  deliveries(): unknown;
  reset(): void;
  calls(): unknown;
  clearCalls(): unknown;
  advanceClock(ms: number): void;
}

/** The routes every source sandbox's control API has: webhook knobs and deliveries, reset, calls, clock. */
export function commonControlRoutes(control: CommonControl): ControlRoutes {
  return {
    'GET /webhooks': () => [200, control.webhookKnobs()],
    'POST /webhooks': ({ body }) => [200, control.setWebhookKnobs(body as never)],
    'POST /webhooks/flush': () => [200, { released: control.flushWebhooks() }],
    'GET /webhooks/deliveries': () => [200, control.deliveries()],
    'POST /reset': () => {
      control.reset();
      return [200, { ok: true }];
    },
    'GET /calls': () => [200, control.calls()],
    'DELETE /calls': () => [200, control.clearCalls()],
    'POST /clock': ({ obj }) => {
      const ms = obj?.advanceMs;
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
        throw badRequest('Body must be {advanceMs} (a non-negative number).');
      }
      control.advanceClock(ms);
      return [200, { advancedMs: ms }];
    },
  };
}

/**
 * A test-control API (no auth, CORS open): answers OPTIONS, reads the JSON body, runs the route of
 * `METHOD /path`, and answers 405 (with Allow) for a known path and another method, 404 for an unknown
 * path, and an HttpError's status and message.
 */
export async function handleControlRequest(
  req: IncomingMessage,
  res: ServerResponse,
  subpath: string,
  router: ControlRouter,
): Promise<void> {
  const method = req.method ?? 'GET';
  if (method === 'OPTIONS') {
    res.writeHead(204, CONTROL_CORS_HEADERS);
    res.end();
    return;
  }
  const segs = subpath.split('/').filter(Boolean);
  const idAt = router.idAfter.includes(segs[0] ?? '') ? 1 : -1;
  const pathKey = `/${segs.map((s, i) => (i === idAt ? ':id' : s)).join('/')}`;
  try {
    const parsed = parseJsonBody(await readBody(req, router.maxBodyBytes));
    const body = parsed === undefined ? {} : parsed;
    const route = router.routes[`${method} ${pathKey}`];
    if (!route) {
      const allowed = Object.keys(router.routes)
        .filter((key) => key.slice(key.indexOf(' ') + 1) === pathKey)
        .map((key) => key.slice(0, key.indexOf(' ')));
      if (allowed.length) {
        throw new HttpError(405, `Method ${method} is not allowed on ${router.prefix}${subpath}`, {
          Allow: allowed.join(', '),
        });
      }
      throw notFound(`No control endpoint ${method} ${router.prefix}${subpath}`);
    }
    const [status, answer] = await route({ body, obj: isObject(body) ? body : null, segs });
    sendJson(res, status, answer, CONTROL_CORS_HEADERS);
  } catch (err) {
    if (err instanceof HttpError) {
      sendJson(res, err.status, { message: err.message }, { ...CONTROL_CORS_HEADERS, ...err.headers });
      return;
    }
    throw err;
  }
}
