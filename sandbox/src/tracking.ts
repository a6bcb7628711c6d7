import type { Prng } from './prng.js';

/** UPS 1Z number: 1Z + 6 shipper chars + 2 service digits + 7 digits + check digit (18 characters). */
export function upsTrackingCode(rng: Prng): string {
  const body =
    rng.chars('ABCDEFGHJKLMNPRSTUVWXY0123456789', 6) + rng.pick(['01', '02', '03', '12']) + rng.digits(7);
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body.charCodeAt(i);
    let v = ch >= 48 && ch <= 57 ? ch - 48 : (ch - 63) % 10;
    if (i % 2 === 1) v *= 2;
    sum += v;
  }
  return `1Z${body}${(10 - (sum % 10)) % 10}`;
}

/** FedEx 12-digit number with its mod-11 check digit. */
export function fedexTrackingCode(rng: Prng): string {
  const body = rng.pick(['7', '7', '6', '5']) + rng.digits(10);
  const weights = [1, 3, 7];
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    sum += Number(body[body.length - 1 - i]) * weights[i % 3]!;
  }
  return `${body}${(sum % 11) % 10}`;
}

/** USPS 22-digit IMpb number (9400 1… / 9405 5…) with its mod-10 check digit. */
export function uspsTrackingCode(rng: Prng): string {
  const body = rng.pick(['94001', '94055', '92055']) + rng.digits(16);
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = Number(body[body.length - 1 - i]);
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** Canada Post 16-digit parcel number. */
export function canadaPostTrackingCode(rng: Prng): string {
  return `7${rng.digits(15)}`;
}

export function trackingCodeFor(carrier: string, rng: Prng): string {
  switch (carrier) {
    case 'UPS':
      return upsTrackingCode(rng);
    case 'FEDEX':
      return fedexTrackingCode(rng);
    case 'USPS':
      return uspsTrackingCode(rng);
    case 'CANADA_POST':
      return canadaPostTrackingCode(rng);
    default:
      return rng.chars('ABCDEFGHJKLMNPQRSTUVWXYZ0123456789', 14);
  }
}
