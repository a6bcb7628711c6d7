import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  detectCarrier,
  isCarrierCode,
  normalizeTrackingNumber,
  type CarrierCode,
} from '@portal/shipment-rules';
import type { OrderRefs } from '../entities/source-label.entity.js';
import type { LabelInput } from '../source-labels.repository.js';
import { sourceText } from '../source-text.js';
import type { ShopifyOrder } from './shopify.types.js';

/**
 * The pure rules of the Shopify connector (decisions 0047-0049): which shop domains are accepted, how
 * webhooks and the OAuth callback are authenticated, which orders are Faire's, what a fulfilment
 * becomes, and which Faire carrier a Shopify `company` string names.
 */

/** `<name>.myshopify.com`: 1-60 letters, digits and inner hyphens, nothing else. */
const SHOP_DOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?\.myshopify\.com$/;

/** The shop domain typed by a person, read leniently ('Shop.myshopify.com/', 'https://...'); null when it is not one. */
export function shopDomainOf(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 255) return null;
  const text = input
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/+$/, '');
  return SHOP_DOMAIN.test(text) ? text : null;
}

function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A webhook is Shopify's: `X-Shopify-Hmac-SHA256` is the base64 HMAC-SHA256 of the raw body with the app secret. */
export function verifyWebhook(raw: Buffer, header: unknown, secret: string): boolean {
  if (typeof header !== 'string' || !/^[A-Za-z0-9+/]{43}=$/.test(header.trim())) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  return sameBytes(expected, Buffer.from(header.trim(), 'base64'));
}

/**
 * Shop-wide topics, with the body field that names the shop (the Shop resource's `myshopify_domain` for
 * `app/uninstalled`, `shop_domain` for the privacy topics).
 */
const SHOP_TOPICS: Readonly<Record<string, string>> = {
  'app/uninstalled': 'myshopify_domain',
  'shop/redact': 'shop_domain',
  'customers/redact': 'shop_domain',
  'customers/data_request': 'shop_domain',
};

/**
 * Shopify signs the body only, not the topic or shop headers: a shop-wide topic acts only when its
 * signed body names the header's shop, so a captured delivery re-sent with another shop, or under
 * another topic, changes nothing. Other topics name no shop in their body (true).
 */
export function signedShopMatches(topic: string, body: Record<string, unknown>, shop: string): boolean {
  const field = SHOP_TOPICS[topic];
  return !field || shopDomainOf(body[field]) === shop;
}

/** The webhook signature of `raw` (what the sandbox and the tests sign with). */
export function signWebhook(raw: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(raw).digest('base64');
}

/**
 * The OAuth callback's query is Shopify's: `hmac` is the hex HMAC-SHA256, with the app secret, of every
 * other parameter sorted by name as `k=v` joined by `&` (a repeated parameter is refused).
 */
export function verifyCallbackQuery(query: Record<string, unknown>, secret: string): boolean {
  const hmac = query.hmac;
  if (typeof hmac !== 'string' || !/^[0-9a-f]{64}$/i.test(hmac)) return false;
  const parts: string[] = [];
  for (const key of Object.keys(query).sort()) {
    if (key === 'hmac' || key === 'signature') continue;
    const value = query[key];
    if (typeof value !== 'string') return false;
    parts.push(`${key}=${value}`);
  }
  const expected = createHmac('sha256', secret).update(parts.join('&')).digest();
  return sameBytes(expected, Buffer.from(hmac, 'hex'));
}

/** Signs a callback query as Shopify does (the sandbox and the tests). */
export function signCallbackQuery(query: Record<string, string>, secret: string): string {
  const message = Object.keys(query)
    .filter((k) => k !== 'hmac' && k !== 'signature')
    .sort()
    .map((k) => `${k}=${query[k]}`)
    .join('&');
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** An attribute key that names the Faire order ("Faire order number", "faire_order_id", ...). */
const FAIRE_ATTRIBUTE = /faire.*order|order.*faire/i;

/** Faire's app marks the orders it writes: source name "faire", or the tag Faire, or its order attribute. */
export function isFaireOrder(order: ShopifyOrder): boolean {
  if ((order.sourceName ?? '').trim().toLowerCase() === 'faire') return true;
  if ((order.tags ?? []).some((t) => typeof t === 'string' && t.trim().toLowerCase() === 'faire')) {
    return true;
  }
  return (order.customAttributes ?? []).some((a) => FAIRE_ATTRIBUTE.test(a?.key ?? '') && !!a?.value?.trim());
}

function clip(value: unknown, max = 200): string | null {
  // Cleaned where it enters, like Faire's text (control and layout characters become spaces).
  return typeof value === 'string' ? sourceText(value, max) : null;
}

/**
 * Where a Shopify order names its Faire order, most trusted first: the order attribute Faire's app
 * writes, then the order name (Faire's display id when the brand chose that naming). The release
 * confirms any of them against the company's synced Faire orders and never guesses.
 */
export function orderRefsOf(order: ShopifyOrder): OrderRefs {
  const attr = (order.customAttributes ?? []).find(
    (a) => FAIRE_ATTRIBUTE.test(a?.key ?? '') && !!clip(a?.value),
  );
  return {
    orderNumber: clip(attr?.value),
    orderKey: clip(order.name),
  };
}

/** The Shopify order's numeric id from a gid or a number (`gid://shopify/Order/123` -> `123`). */
export function legacyId(id: unknown): string | null {
  const text = typeof id === 'number' ? String(id) : typeof id === 'string' ? id : '';
  const m = /^(?:gid:\/\/shopify\/[A-Za-z]+\/)?(\d{1,20})$/.exec(text.trim());
  return m ? m[1]! : null;
}

/** Fulfilment states that never shipped or were taken back: never sent, and an alert if already sent. */
const UNDONE = new Set(['CANCELLED', 'ERROR', 'FAILURE']);

/**
 * Every tracking number of every fulfilment of a Faire order, one row each (none for other orders):
 * the row's id is the fulfilment's and the normalised number's, so a webhook and a poll reporting it
 * again are one row. Shopify gives no cost: the company's cost rule decides.
 */
export function labelsOfOrder(order: ShopifyOrder): LabelInput[] {
  if (!isFaireOrder(order)) return [];
  const refs = orderRefsOf(order);
  const sourceOrderId = legacyId(order.id);
  const out: LabelInput[] = [];
  for (const f of order.fulfillments ?? []) {
    const fid = legacyId(f?.id);
    if (!fid) continue;
    const undone = UNDONE.has((f.status ?? '').toUpperCase());
    const seen = new Set<string>();
    for (const t of f.trackingInfo ?? []) {
      const number = clip(t?.number);
      if (!number) continue;
      const key = normalizeTrackingNumber(number).replace(/[^0-9A-Z]/g, '');
      if (!key || seen.has(key)) continue;
      seen.add(key);
      const created = f.createdAt ? new Date(f.createdAt) : null;
      const createdOk = created && !Number.isNaN(created.getTime()) ? created : null;
      out.push({
        kind: 'FULFILLMENT',
        externalId: `${fid}:${key}`,
        orderRefs: refs,
        sourceOrderId,
        trackingNumber: number,
        carrierCode: clip(t?.company, 100),
        costCents: null,
        shipDate: createdOk ? createdOk.toISOString().slice(0, 10) : null,
        labelCreatedAt: createdOk,
        voided: undone,
      });
    }
  }
  return out;
}

/** Shopify `company` strings (as typed in Shopify or written by shipping apps) -> Faire's carriers. */
const COMPANIES: ReadonlyArray<[RegExp, CarrierCode]> = [
  [/^fed ?ex/, 'FEDEX'],
  [/^dhl ?express/, 'DHL_EXPRESS'],
  [/^dhl ?(e ?commerce|global ?mail|parcel)/, 'DHL_ECOMMERCE'],
  [/^canada ?post|^postes ?canada/, 'CANADA_POST'],
  [/^royal ?mail/, 'ROYAL_MAIL'],
  [/^parcelforce/, 'PARCELFORCE'],
  [/^usps|^united states postal/, 'USPS'],
  [/^ups|^united parcel/, 'UPS'],
  [/^purolator/, 'PUROLATOR'],
  [/^post ?nl/, 'POSTNL'],
  [/^canpar/, 'CANPAR'],
  [/^interlink/, 'INTERLINK_EXPRESS'],
  [/^gso|^general logistics/, 'GSO'],
  [/^australia ?post|^auspost/, 'AUSTRALIA_POST'],
  [/^evri|^hermes/, 'EVRI'],
  [/^dpd ?uk|^dpd local/, 'DPDUK'],
  [/^dpd/, 'DPD'],
  [/^la ?poste|^colissimo/, 'LA_POSTE'],
  [/^ontrac/, 'ONTRAC'],
  [/^lasership/, 'LASERSHIP'],
];

/** A company string as a carrier-map key: lower case, runs of anything else than a-z0-9 as one '_'. */
export function companyKey(company: string | null): string {
  return (company ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64);
}

/**
 * Faire's carrier for a Shopify fulfilment: the company's own carrier map, then the built-in names,
 * then the tracking number's check digits; undefined when none knows (the row waits for a person).
 */
export function shopifyCarrier(
  company: string | null,
  tracking: string,
  companyMap: Readonly<Record<string, string>> = {},
): CarrierCode | undefined {
  const key = companyKey(company);
  if (key) {
    const own = companyMap[key];
    if (isCarrierCode(own)) return own;
    const words = key.replace(/_/g, ' ');
    for (const [pattern, carrier] of COMPANIES) if (pattern.test(words)) return carrier;
  }
  return detectCarrier(tracking);
}
