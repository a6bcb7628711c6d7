/** Small deterministic generator (mulberry32): the same seed gives the same data and the same fault dice. */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 1;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  digits(n: number): string {
    let out = '';
    for (let i = 0; i < n; i++) out += String(this.int(0, 9));
    return out;
  }

  hex(n: number): string {
    let out = '';
    for (let i = 0; i < n; i++) out += '0123456789abcdef'[this.int(0, 15)];
    return out;
  }
}

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

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Money as ShipStation returns it: a JSON number with at most two decimals. */
export function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}
