/**
 * What a ShipStation webhook's `resource_url` may name (decision 0065). ShipStation writes it on its API
 * host, often a numbered one (`https://ssapi7.shipstation.com/shipments?storeID=...&batchId=...&
 * includeShipmentItems=False`), and nothing signs it: the host, the path and every query key are
 * checked, and the read is always made on the configured API base, never on the URL's own host. A query
 * key ShipStation does not write (a `createDateStart` reaching back before the connection) refuses the
 * whole URL.
 */

/** ShipStation's V1 API hosts: `ssapi.shipstation.com` and its numbered siblings. */
const SHIPSTATION_HOST = /^ssapi\d{0,3}\.shipstation\.com$/;

/** The query keys ShipStation writes into a resource URL, with what their values may be. */
const ALLOWED: Readonly<Record<string, RegExp>> = {
  storeid: /^\d{1,12}$/,
  batchid: /^\d{1,15}$/,
  includeshipmentitems: /^(true|false)$/i,
  page: /^\d{1,6}$/,
};

export type ShipStationResourceKind = 'shipments' | 'fulfillments';

/** A resource to read: which listing, and the query to read it with (keys as ShipStation wrote them). */
export interface ShipStationResource {
  kind: ShipStationResourceKind;
  query: URLSearchParams;
}

/**
 * The resource a `resource_url` names, or null when it is not one this product reads: on a ShipStation
 * API host over https, or on the configured API origin (a sandbox, a proxy), at `/shipments` or
 * `/fulfillments` under the API's path, without credentials or a fragment, with only the query keys
 * ShipStation writes, each once.
 */
export function shipStationResource(
  url: unknown,
  api: { origin: string; basePath: string },
): ShipStationResource | null {
  if (typeof url !== 'string' || url.length > 2000) return null;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.username || u.password || u.hash) return null;
  const onShipStation = u.protocol === 'https:' && !u.port && SHIPSTATION_HOST.test(u.hostname);
  const onConfigured = u.origin === api.origin;
  if (!onShipStation && !onConfigured) return null;
  const prefix = onConfigured ? api.basePath : '';
  const path = u.pathname.replace(/\/+$/, '').toLowerCase();
  let kind: ShipStationResourceKind;
  if (path === `${prefix}/shipments`) kind = 'shipments';
  else if (path === `${prefix}/fulfillments`) kind = 'fulfillments';
  else return null;
  const query = new URLSearchParams();
  const seen = new Set<string>();
  for (const [key, value] of u.searchParams) {
    const lower = key.toLowerCase();
    const rule = ALLOWED[lower];
    if (!rule || seen.has(lower) || !rule.test(value)) return null;
    seen.add(lower);
    query.set(key, value);
  }
  return { kind, query };
}
