/** The Faire API writes on one order: move to processing, add shipments, cancel. */

import type { SandboxClock } from './clock.js';
import { badRequest } from './errors.js';
import type { IdFactory } from './prng.js';
import { DAY, type OrderRecord } from './seed.js';
import type { ParsedShipment } from './shipments.js';
import { CANCEL_REASONS, type FaireShipment, type OrderState } from './types.js';
import { isObject, parseIsoDate, toIso } from './util.js';

const SHIPPABLE: readonly OrderState[] = ['PROCESSING', 'PRE_TRANSIT', 'IN_TRANSIT'];
const CANCELABLE: readonly OrderState[] = [
  'NEW',
  'PROCESSING',
  'PENDING_RETAILER_CONFIRMATION',
  'BACKORDERED',
];

/** Moves a NEW order to PROCESSING (body: MoveToProcessingRequest). */
export function applyMoveToProcessing(rec: OrderRecord, body: unknown, clock: SandboxClock): void {
  if (!isObject(body)) throw badRequest('Request body must be a JSON object, e.g. {}.');
  let expected: string | null | undefined;
  if (body.expected_ship_date !== undefined && body.expected_ship_date !== null) {
    const ms = parseIsoDate(body.expected_ship_date);
    if (ms === null) throw badRequest('expected_ship_date must be an ISO-8601 date-time string.');
    expected = toIso(ms);
  }
  const o = rec.order;
  if (o.state !== 'NEW') {
    throw badRequest(`Order ${o.id} is in state ${o.state}; only NEW orders can be moved to processing.`);
  }
  const now = toIso(clock.nowMs());
  o.state = 'PROCESSING';
  o.processing_at = now;
  o.updated_at = now;
  if (expected !== undefined) o.expected_ship_date = expected;
  for (const item of o.items) {
    if (item.state !== 'CANCELED') item.state = 'PROCESSING';
    item.updated_at = now;
  }
}

/** Adds already validated shipments to `rec`; returns the ids of the created shipments. */
export function applyAddShipments(
  rec: OrderRecord,
  parsed: ParsedShipment[],
  clock: SandboxClock,
  ids: IdFactory,
): string[] {
  const o = rec.order;
  if (!SHIPPABLE.includes(o.state)) {
    throw badRequest(
      `Cannot add shipments to order ${o.id} in state ${o.state}; shipments can be added to orders in state PROCESSING, PRE_TRANSIT or IN_TRANSIT.`,
    );
  }
  const nowMs = clock.nowMs();
  const now = toIso(nowMs);
  const created: FaireShipment[] = parsed.map((s) => ({
    id: ids.make('s_'),
    created_at: now,
    updated_at: now,
    ...s,
  }));
  o.shipments.push(...created);
  if (o.state === 'PROCESSING') {
    o.state = 'PRE_TRANSIT';
    for (const item of o.items) if (item.state !== 'CANCELED') item.state = 'PRE_TRANSIT';
  }
  rec.transitions = {
    in_transit_at: rec.transitions.in_transit_at ?? toIso(nowMs + DAY),
    delivered_at: rec.transitions.delivered_at ?? toIso(nowMs + 4 * DAY),
  };
  o.estimated_payout_at ??= toIso(Math.floor((nowMs + 8 * DAY) / DAY) * DAY);
  o.updated_at = now;
  for (const item of o.items) item.updated_at = now;
  return created.map((s) => s.id);
}

/** Cancels an order (body: `{reason, note?}`). */
export function applyCancel(rec: OrderRecord, body: unknown, clock: SandboxClock): void {
  if (!isObject(body)) throw badRequest('Request body must be a JSON object with a reason.');
  if (!(CANCEL_REASONS as readonly unknown[]).includes(body.reason)) {
    throw badRequest(`reason must be one of ${CANCEL_REASONS.join(', ')}.`);
  }
  if (body.note !== undefined && body.note !== null) {
    if (typeof body.note !== 'string' || body.note.length < 30 || body.note.length > 1000) {
      throw badRequest('note must be a string of 30 to 1000 characters.');
    }
  }
  const o = rec.order;
  if (!CANCELABLE.includes(o.state)) {
    throw badRequest(
      `Order ${o.id} is in state ${o.state}; only NEW, PROCESSING, PENDING_RETAILER_CONFIRMATION or BACKORDERED orders can be canceled.`,
    );
  }
  const now = toIso(clock.nowMs());
  o.state = 'CANCELED';
  o.updated_at = now;
  for (const item of o.items) {
    item.state = 'CANCELED';
    item.updated_at = now;
  }
}
