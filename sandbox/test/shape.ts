import { expect } from 'vitest';
import {
  FAIRE_CARRIERS,
  ORDER_ITEM_STATES,
  ORDER_STATES,
  SHIPPING_TYPES,
  type FaireOrder,
} from '../src/index.js';
import { ISO_MILLIS, type Loose } from './helpers.js';

export const ORDER_KEYS = [
  'id',
  'display_id',
  'created_at',
  'updated_at',
  'state',
  'items',
  'shipments',
  'address',
  'ship_after',
  'expected_ship_date',
  'requested_ship_date',
  'processing_at',
  'payout_costs',
  'payment_initiated_at',
  'estimated_payout_at',
  'original_order_id',
  'retailer_id',
  'source',
  'customer',
  'brand_discounts',
  'is_free_shipping',
  'free_shipping_reason',
  'faire_covered_shipping_cost',
  'is_fulfilled_by_faire',
  'purchase_order_number',
  'notes',
  'has_pending_retailer_cancellation_request',
  'sales_rep_name',
].sort();

export const ITEM_KEYS = [
  'id',
  'created_at',
  'updated_at',
  'order_id',
  'product_id',
  'variant_id',
  'quantity',
  'sku',
  'product_name',
  'variant_name',
  'includes_tester',
  'customizations',
  'price',
  'tester_price',
  'discounts',
  'state',
  'price_cents',
  'tester_price_cents',
].sort();

export const SHIPMENT_KEYS = [
  'id',
  'created_at',
  'updated_at',
  'order_id',
  'carrier',
  'tracking_code',
  'maker_cost',
  'maker_cost_cents',
  'shipping_type',
  'shipping_label_url',
].sort();

export const ADDRESS_KEYS = [
  'id',
  'name',
  'address1',
  'address2',
  'postal_code',
  'city',
  'state',
  'state_code',
  'phone_number',
  'country',
  'country_code',
  'company_name',
  'address_type',
].sort();

export const PAYOUT_KEYS = [
  'payout_fee_bps',
  'payout_flat_fee',
  'payout_fee',
  'commission_bps',
  'commission_flat_fee',
  'commission',
  'total_payout',
  'payout_protection_fee',
  'damaged_and_missing_items',
  'net_tax',
  'shipping_subsidy',
  'taxes',
  'subtotal_after_brand_discounts',
  'total_brand_discounts',
  'payout_fee_cents',
  'commission_cents',
].sort();

const isIso = (v: unknown): boolean => typeof v === 'string' && ISO_MILLIS.test(v);
const isIsoOrNull = (v: unknown): boolean => v === null || isIso(v);

export function expectMoney(m: Loose, currency = 'USD'): void {
  expect(Object.keys(m).sort()).toEqual(['amount_minor', 'currency']);
  expect(Number.isInteger(m.amount_minor)).toBe(true);
  expect(m.currency).toBe(currency);
}

export function expectId(value: unknown, prefix: string, length = 10): void {
  expect(value).toMatch(new RegExp(`^${prefix}[a-z0-9]{${length}}$`));
}

/** Asserts that `o` is a complete ExternalOrderV2 as described by the contract, section 2.2–2.6. */
export function expectOrderShape(o: Loose, currency = 'USD'): asserts o is FaireOrder {
  expect(Object.keys(o).sort()).toEqual(ORDER_KEYS);
  expectId(o.id, 'bo_');
  expect(o.display_id).toBe(String(o.id).slice(3).toUpperCase());
  expect(isIso(o.created_at)).toBe(true);
  expect(isIso(o.updated_at)).toBe(true);
  expect(Date.parse(o.updated_at)).toBeGreaterThanOrEqual(Date.parse(o.created_at));
  expect(ORDER_STATES).toContain(o.state);
  expect(isIso(o.ship_after)).toBe(true);
  for (const k of [
    'expected_ship_date',
    'requested_ship_date',
    'processing_at',
    'payment_initiated_at',
    'estimated_payout_at',
  ]) {
    expect(isIsoOrNull(o[k]), k).toBe(true);
  }
  expect(o.original_order_id === null || /^bo_[a-z0-9]{10}$/.test(o.original_order_id)).toBe(true);
  expectId(o.retailer_id, 'r_', 8);
  expect(typeof o.source).toBe('string');
  expect(Object.keys(o.customer).sort()).toEqual(['first_name', 'last_name']);
  expect(typeof o.customer.first_name).toBe('string');
  expect(typeof o.is_free_shipping).toBe('boolean');
  expect(typeof o.is_fulfilled_by_faire).toBe('boolean');
  expect(typeof o.has_pending_retailer_cancellation_request).toBe('boolean');
  expect(
    o.free_shipping_reason === null ||
      [
        'INSIDER_FREE_SHIPPING',
        'FAIRE_DIRECT',
        'BRAND_DISCOUNT',
        'FIRST_ORDER',
        'PROMO_CODE',
        'FREE_SHIPPING_THRESHOLD',
      ].includes(o.free_shipping_reason),
  ).toBe(true);
  if (o.faire_covered_shipping_cost !== null) expectMoney(o.faire_covered_shipping_cost, currency);
  for (const k of ['purchase_order_number', 'notes', 'sales_rep_name']) {
    expect(o[k] === null || typeof o[k] === 'string', k).toBe(true);
  }
  expect(Array.isArray(o.brand_discounts)).toBe(true);
  for (const d of o.brand_discounts) {
    expect(Object.keys(d).sort()).toEqual(
      [
        'id',
        'code',
        'discount_type',
        'discount_percentage',
        'discount_amount',
        'includes_free_shipping',
        'discount_amount_cents',
      ].sort(),
    );
    expectId(d.id, 'bpc_');
    expect(['FLAT_AMOUNT', 'PERCENTAGE', 'NONE']).toContain(d.discount_type);
  }

  // Items
  expect(Array.isArray(o.items)).toBe(true);
  expect(o.items.length).toBeGreaterThanOrEqual(1);
  expect(o.items.length).toBeLessThanOrEqual(4);
  for (const item of o.items) {
    expect(Object.keys(item).sort()).toEqual(ITEM_KEYS);
    expectId(item.id, 'oi_');
    expect(item.order_id).toBe(o.id);
    expectId(item.product_id, 'p_');
    expectId(item.variant_id, 'po_');
    expect(Number.isInteger(item.quantity) && item.quantity > 0).toBe(true);
    expect(typeof item.sku).toBe('string');
    expect(typeof item.product_name).toBe('string');
    expect(typeof item.variant_name).toBe('string');
    expect(typeof item.includes_tester).toBe('boolean');
    expect(item.customizations).toEqual([]);
    expectMoney(item.price, currency);
    expect(item.price_cents).toBe(item.price.amount_minor);
    if (item.tester_price === null) {
      expect(item.tester_price_cents).toBeNull();
    } else {
      expectMoney(item.tester_price, currency);
      expect(item.tester_price_cents).toBe(item.tester_price.amount_minor);
    }
    expect(ORDER_ITEM_STATES).toContain(item.state);
    expect(isIso(item.created_at) && isIso(item.updated_at)).toBe(true);
  }

  // Shipments
  expect(Array.isArray(o.shipments)).toBe(true);
  for (const s of o.shipments) {
    expect(Object.keys(s).sort()).toEqual(SHIPMENT_KEYS);
    expectId(s.id, 's_');
    expect(s.order_id).toBe(o.id);
    expect(isIso(s.created_at) && isIso(s.updated_at)).toBe(true);
    expect(typeof s.carrier).toBe('string');
    expect(typeof s.tracking_code).toBe('string');
    expectMoney(s.maker_cost, currency);
    expect(s.maker_cost_cents).toBe(s.maker_cost.amount_minor);
    expect(SHIPPING_TYPES).toContain(s.shipping_type);
    expect(s.shipping_label_url === null || typeof s.shipping_label_url === 'string').toBe(true);
  }
  if (['PRE_TRANSIT', 'IN_TRANSIT', 'DELIVERED'].includes(o.state)) {
    expect(o.shipments.length).toBeGreaterThanOrEqual(1);
  }
  if (['NEW', 'PROCESSING'].includes(o.state)) expect(o.shipments).toEqual([]);

  // Address
  expect(Object.keys(o.address).sort()).toEqual(ADDRESS_KEYS);
  expectId(o.address.id, 'a_');
  expect(['USA', 'CAN']).toContain(o.address.country_code);
  expect(o.address.state_code).toMatch(/^[A-Z]{2}$/);
  for (const k of ['name', 'address1', 'postal_code', 'city', 'state', 'country', 'company_name']) {
    expect(typeof o.address[k], k).toBe('string');
  }
  expect(['RESIDENTIAL', 'COMMERCIAL', 'MIXED', null]).toContain(o.address.address_type);

  // Payout costs (consistent arithmetic)
  const p = o.payout_costs;
  expect(Object.keys(p).sort()).toEqual(PAYOUT_KEYS);
  for (const k of PAYOUT_KEYS) {
    if (k.endsWith('_bps') || k.endsWith('_cents') || k === 'taxes') continue;
    expectMoney(p[k], currency);
  }
  expect(p.payout_fee_bps).toBe(300);
  expect([1500, 2500]).toContain(p.commission_bps);
  expect(Array.isArray(p.taxes)).toBe(true);
  let subtotal = 0;
  for (const i of o.items as FaireOrder['items']) {
    subtotal +=
      i.price.amount_minor * i.quantity + (i.includes_tester ? (i.tester_price?.amount_minor ?? 0) : 0);
  }
  const after = p.subtotal_after_brand_discounts.amount_minor;
  expect(after).toBe(subtotal - p.total_brand_discounts.amount_minor);
  expect(p.payout_fee.amount_minor).toBe(Math.round((after * 300) / 10000) + p.payout_flat_fee.amount_minor);
  expect(p.commission.amount_minor).toBe(
    Math.round((after * p.commission_bps) / 10000) + p.commission_flat_fee.amount_minor,
  );
  expect(p.total_payout.amount_minor).toBe(after - p.commission.amount_minor - p.payout_fee.amount_minor);
  expect(p.payout_fee_cents).toBe(p.payout_fee.amount_minor);
  expect(p.commission_cents).toBe(p.commission.amount_minor);
}

export function expectCarrier(carrier: string): void {
  expect(FAIRE_CARRIERS as readonly string[]).toContain(carrier);
}
