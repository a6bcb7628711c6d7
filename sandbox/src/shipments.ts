import { badRequest } from './errors.js';
import { money, type OrderRecord } from './seed.js';
import {
  FAIRE_CARRIERS,
  SHIPPING_TYPES,
  type FaireMoney,
  type FaireShipment,
  type ShippingType,
} from './types.js';
import { isObject } from './util.js';

const MAX_SHIPMENTS_PER_CALL = 50;

export type ParsedShipment = Omit<FaireShipment, 'id' | 'created_at' | 'updated_at'>;

export function normalizeCarrier(carrier: string): string {
  const trimmed = carrier.trim();
  const upper = trimmed.toUpperCase().replace(/[\s-]+/g, '_');
  return (FAIRE_CARRIERS as readonly string[]).includes(upper) ? upper : trimmed;
}

/**
 * Validates an AddShipmentsRequestV2 body for `rec` without changing anything. `currency` is the brand's,
 * used for `maker_cost_cents` and the default cost.
 */
export function parseShipmentsBody(rec: OrderRecord, body: unknown, currency: string): ParsedShipment[] {
  if (!isObject(body)) throw badRequest('Request body must be a JSON object with a shipments array.');
  const list = body.shipments;
  if (!Array.isArray(list) || list.length === 0) {
    throw badRequest('shipments must be a non-empty array.');
  }
  if (list.length > MAX_SHIPMENTS_PER_CALL) {
    throw badRequest(`At most ${MAX_SHIPMENTS_PER_CALL} shipments can be added per request.`);
  }
  return list.map((raw: unknown, i) => {
    const where = `shipments[${i}]`;
    if (!isObject(raw)) throw badRequest(`${where} must be an object.`);
    if (raw.order_id !== undefined && raw.order_id !== null && raw.order_id !== rec.order.id) {
      throw badRequest(
        `${where}.order_id (${JSON.stringify(raw.order_id)}) does not match the order in the path (${rec.order.id}).`,
      );
    }
    if (typeof raw.carrier !== 'string' || raw.carrier.trim() === '') {
      throw badRequest(`${where}.carrier is required.`);
    }
    if (typeof raw.tracking_code !== 'string' || raw.tracking_code.trim() === '') {
      throw badRequest(`${where}.tracking_code is required.`);
    }
    let shippingType: ShippingType = 'SHIP_ON_YOUR_OWN';
    if (raw.shipping_type !== undefined && raw.shipping_type !== null) {
      if (!(SHIPPING_TYPES as readonly unknown[]).includes(raw.shipping_type)) {
        throw badRequest(`${where}.shipping_type must be one of ${SHIPPING_TYPES.join(', ')}.`);
      }
      shippingType = raw.shipping_type as ShippingType;
    }
    let cost: FaireMoney | null = null;
    if (raw.maker_cost !== undefined && raw.maker_cost !== null) {
      const mc = raw.maker_cost;
      if (
        !isObject(mc) ||
        typeof mc.amount_minor !== 'number' ||
        !Number.isInteger(mc.amount_minor) ||
        mc.amount_minor < 0 ||
        typeof mc.currency !== 'string' ||
        !/^[A-Za-z]{3}$/.test(mc.currency)
      ) {
        throw badRequest(
          `${where}.maker_cost must be {amount_minor: non-negative integer, currency: ISO-4217 code}.`,
        );
      }
      cost = money(mc.amount_minor, mc.currency.toUpperCase());
    }
    if (raw.maker_cost_cents !== undefined && raw.maker_cost_cents !== null) {
      const cents = raw.maker_cost_cents;
      if (typeof cents !== 'number' || !Number.isInteger(cents) || cents < 0) {
        throw badRequest(`${where}.maker_cost_cents must be a non-negative integer.`);
      }
      cost ??= money(cents, currency);
    }
    cost ??= money(0, currency);
    return {
      order_id: rec.order.id,
      carrier: normalizeCarrier(raw.carrier),
      tracking_code: raw.tracking_code.trim(),
      maker_cost: cost,
      maker_cost_cents: cost.amount_minor,
      shipping_type: shippingType,
      shipping_label_url: null,
    };
  });
}
