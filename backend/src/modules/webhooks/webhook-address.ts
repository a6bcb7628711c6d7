import { lookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where a webhook may go (decision 0068): an https URL whose host resolves only to public addresses.
 * Private, loopback, link-local (cloud metadata among them), shared, multicast and reserved ranges are
 * refused, at registration and again on every try, inside the connection's own lookup, so a name that
 * resolves elsewhere by the time of sending (DNS rebinding) is refused too.
 */
const BLOCKED = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, 169.254.169.254 metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  BLOCKED.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, ...)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local (fd00:ec2::254 metadata)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local
  ['ff00::', 8], // multicast
] as const) {
  BLOCKED.addSubnet(net, bits, 'ipv6');
}

/** The IPv4 address an IPv6 one carries (mapped `::ffff:a.b.c.d`, compatible, NAT64), or null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const m = /^(?:::ffff:(?:0:)?|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (m) return m[1]!;
  const hex = /^(?:::ffff:(?:0:)?|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** Whether `address` (an IP literal) is one a webhook may never be sent to. Not an IP: true. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return BLOCKED.check(bare, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(bare);
  if (v4) return BLOCKED.check(v4, 'ipv4');
  return BLOCKED.check(bare, 'ipv6');
}

/** Why a URL cannot be an endpoint, in words the form shows; null when it can (before DNS). */
export function urlProblem(raw: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url must be a full address such as https://example.com/webhooks';
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    return 'url must start with https:// (webhooks are sent over HTTPS only)';
  }
  if (url.username || url.password) return 'url must not hold a user name or password';
  if (!url.hostname) return 'url must name a host';
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isPrivateAddress(host)) return privateText(url.hostname, host);
  if (host === 'localhost' || host.endsWith('.localhost')) return privateText(url.hostname, '127.0.0.1');
  return null;
}

export function privateText(host: string, address: string): string {
  return `url points to a private, loopback or link-local address (${host} is ${address}): webhooks are sent to public addresses only`;
}

/** A refusal of the address a name resolved to: the try fails with these words, nothing is sent. */
export class PrivateAddressError extends Error {
  readonly code = 'EWEBHOOK_PRIVATE';
}

/**
 * The lookup a webhook's connection uses: every address the name resolves to must be public, or the
 * connection fails before it is opened. With `allowPrivate` (development and tests) it is the system's.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses;
      const bad = allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address));
      if (bad) return callback(new PrivateAddressError(privateText(hostname, bad.address)), '', 0);
      if (list.length === 0) return callback(new Error(`${hostname} has no address`), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** The host's addresses that a webhook may not go to (all of them checked), or the lookup's failure. */
export function resolveForCheck(hostname: string): Promise<{ addresses: string[] } | { error: string }> {
  return new Promise((resolve) => {
    const timer = setTimeout(
      () => resolve({ error: `the host ${hostname} could not be resolved in time` }),
      5000,
    );
    lookup(hostname, { all: true }, (err, addresses) => {
      clearTimeout(timer);
      if (err || addresses.length === 0) resolve({ error: `the host ${hostname} could not be found` });
      else resolve({ addresses: addresses.map((a) => a.address) });
    });
  });
}
