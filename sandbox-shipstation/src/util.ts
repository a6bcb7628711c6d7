import { DicePrng as Prng } from '@portal/faire-sandbox/kit';

export { DicePrng as Prng, isObject } from '@portal/faire-sandbox/kit';

/** A USPS tracking number (22 digits, `9400…`) with a valid mod-10 check digit. */
export function uspsTracking(rng: Prng): string {
  const body = `9400${rng.digits(17)}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = Number(body[body.length - 1 - i]);
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A FedEx Express tracking number (12 digits) with a valid mod-11 check digit. */
export function fedexTracking(rng: Prng): string {
  const body = `7${rng.digits(10)}`;
  const weights = [1, 7, 3];
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    sum += Number(body[body.length - 1 - i]) * weights[i % 3]!;
  }
  return `${body}${(sum % 11) % 10}`;
}

/** Money as ShipStation returns it: a JSON number with at most two decimals. */
export function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}
