import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest, HttpError, notFound } from './errors.js';
import { KnobError, validateKnobPatch, type FaultEngine } from './faults.js';
import { parseJsonBody, readBody, sendHtml, sendJson } from './http.js';
import { orderNotFoundPage, orderPage } from './order-page.js';
import type { SandboxState } from './state.js';
import type { ClockState, SandboxFixtures } from './types.js';
import { isObject, parseIsoDate, toIso } from './util.js';

export const CONTROL_PREFIX = '/_sandbox';

export interface ControlContext {
  state: SandboxState;
  faults: FaultEngine;
  reset(): void;
  fixtures(): SandboxFixtures;
}

export function clockState(state: SandboxState): ClockState {
  return { now: toIso(state.clock.nowMs()), frozen: state.clock.isFrozen() };
}

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, PUT, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
};

/** Test-control API under `/_sandbox`. Never subject to the fault knobs. */
export async function handleControl(
  req: IncomingMessage,
  res: ServerResponse,
  subpath: string,
  url: URL,
  ctx: ControlContext,
): Promise<void> {
  const { state, faults } = ctx;
  const method = req.method ?? 'GET';
  const send = (status: number, body: unknown): void => sendJson(res, status, body, CORS_HEADERS);
  if (method === 'OPTIONS') {
    res.writeHead(204, CORS_HEADERS);
    res.end();
    return;
  }
  const rawBody = await readBody(req);
  const segs = subpath.split('/').filter(Boolean);
  const route = `${method} /${segs.map((s, i) => (segs[0] === 'orders' && i === 1 ? ':id' : s)).join('/')}`;
  const known = new Map<string, string[]>([
    ['/knobs', ['GET', 'PUT']],
    ['/ledger', ['GET', 'DELETE']],
    ['/clock', ['GET', 'PUT']],
    ['/reset', ['POST']],
    ['/orders', ['GET', 'POST']],
    ['/orders/:id', ['GET']],
    ['/brands', ['GET']],
    ['/fixtures', ['GET']],
  ]);

  try {
    const body = parseJsonBody(rawBody);
    switch (route) {
      case 'GET /knobs':
        send(200, faults.get());
        return;
      case 'PUT /knobs':
        try {
          faults.set(validateKnobPatch(body));
        } catch (err) {
          if (err instanceof KnobError) throw badRequest(err.message);
          throw err;
        }
        send(200, faults.get());
        return;
      case 'GET /ledger':
        send(200, structuredClone(state.ledger));
        return;
      case 'DELETE /ledger':
        send(200, { cleared: state.clearLedger() });
        return;
      case 'GET /clock':
        send(200, clockState(state));
        return;
      case 'PUT /clock': {
        if (!isObject(body)) throw badRequest('Body must be {now?, advanceMs?, frozen?}.');
        const { now, advanceMs, frozen } = body;
        let nowMs: number | null = null;
        if (now !== undefined) {
          nowMs = parseIsoDate(now);
          if (nowMs === null) throw badRequest('now must be an ISO-8601 date-time.');
        }
        if (advanceMs !== undefined && (typeof advanceMs !== 'number' || !Number.isFinite(advanceMs))) {
          throw badRequest('advanceMs must be a number.');
        }
        if (frozen !== undefined && typeof frozen !== 'boolean') {
          throw badRequest('frozen must be a boolean.');
        }
        if (nowMs !== null) state.clock.set(new Date(nowMs));
        if (typeof advanceMs === 'number') state.clock.advance(advanceMs);
        if (frozen === true) state.clock.freeze();
        if (frozen === false) state.clock.unfreeze();
        state.tick();
        send(200, clockState(state));
        return;
      }
      case 'POST /reset':
        ctx.reset();
        send(200, { ok: true });
        return;
      case 'POST /orders': {
        if (!isObject(body) || typeof body.brandId !== 'string') {
          throw badRequest('Body must be {brandId, state?, ...order fields}.');
        }
        const { brandId, ...input } = body;
        send(201, state.createOrder(brandId, input));
        return;
      }
      case 'GET /orders': {
        const ref = url.searchParams.get('brandId');
        if (!ref) throw badRequest('brandId query parameter is required.');
        const brand = state.resolveBrand(ref);
        if (!brand) throw notFound(`Unknown brand ${ref}`);
        state.tick();
        send(200, state.sortedOrders(brand.brandId));
        return;
      }
      case 'GET /orders/:id': {
        state.tick();
        const order = state.publicOrder(segs[1] ?? '');
        // The portal links here in sandbox mode: a browser gets a page (also for an unknown order, never
        // raw JSON), a client gets JSON.
        const browser = /\btext\/html\b/.test(req.headers.accept ?? '');
        if (!order && browser) sendHtml(res, 404, orderNotFoundPage(segs[1] ?? ''));
        else if (!order) throw notFound(`Order ${segs[1] ?? ''} not found`);
        else if (browser) sendHtml(res, 200, orderPage(order));
        else send(200, order);
        return;
      }
      case 'GET /brands':
        send(
          200,
          state.brands.map((b) => ({
            brandId: b.brandId,
            name: b.name,
            token: b.token,
            currency: b.currency,
            locale: b.locale,
          })),
        );
        return;
      case 'GET /fixtures':
        send(200, ctx.fixtures());
        return;
      default: {
        const pathKey = route.slice(route.indexOf(' '));
        const allowed = known.get(pathKey.trim());
        if (allowed) {
          res.setHeader('Allow', allowed.join(', '));
          throw new HttpError(405, `Method ${method} is not allowed on ${CONTROL_PREFIX}${subpath}`);
        }
        throw notFound(`No control endpoint ${method} ${CONTROL_PREFIX}${subpath}`);
      }
    }
  } catch (err) {
    if (err instanceof HttpError) {
      send(err.status, { message: err.message });
      return;
    }
    throw err;
  }
}
