import { badRequest } from '@portal/faire-sandbox/kit';
import type { FaultKnobs } from './types.js';
import { isObject, Prng } from './util.js';

export const RATE_LIMIT_PER_MINUTE = 40;

export const DEFAULT_FAULTS: Readonly<FaultKnobs> = Object.freeze({
  status429: 0,
  status5xx: 0,
  next429: 0,
  next5xx: 0,
  next400: 0,
  latencyMs: 0,
  rateLimitPerMinute: RATE_LIMIT_PER_MINUTE,
});

export function validateFaults(input: unknown): Partial<FaultKnobs> {
  if (!isObject(input)) {
    throw badRequest(
      'Body must be {status429?, status5xx?, next429?, next5xx?, next400?, latencyMs?, rateLimitPerMinute?}.',
    );
  }
  const out: Partial<FaultKnobs> = {};
  for (const [key, value] of Object.entries(input)) {
    const n = value === true ? 1 : value === false ? 0 : value;
    if (key === 'status429' || key === 'status5xx') {
      if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || n > 1) {
        throw badRequest(`${key} must be true, false or a share from 0 to 1.`);
      }
      out[key] = n;
    } else if (
      key === 'next429' ||
      key === 'next5xx' ||
      key === 'next400' ||
      key === 'rateLimitPerMinute' ||
      key === 'latencyMs'
    ) {
      const max = key === 'latencyMs' ? 120_000 : 1_000_000;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
        throw badRequest(`${key} must be an integer from 0 to ${max}.`);
      }
      if (key === 'rateLimitPerMinute' && value < 1) {
        throw badRequest('rateLimitPerMinute must be at least 1.');
      }
      out[key] = value;
    } else {
      throw badRequest(`Unknown fault knob: ${key}.`);
    }
  }
  return out;
}

/** Fault knobs plus the seeded dice they roll. */
export class Faults {
  knobs: FaultKnobs = { ...DEFAULT_FAULTS };
  private dice = new Prng(99);

  set(patch: Partial<FaultKnobs>): void {
    this.knobs = { ...this.knobs, ...patch };
  }

  reset(): void {
    this.knobs = { ...DEFAULT_FAULTS };
    this.dice = new Prng(99);
  }

  /** What this call suffers, if anything (a forced count wins over the shares). */
  roll(): 400 | 429 | 500 | 503 | null {
    const u429 = this.dice.next();
    const u5xx = this.dice.next();
    if (this.knobs.next429 > 0) {
      this.knobs.next429 -= 1;
      return 429;
    }
    if (this.knobs.next5xx > 0) {
      this.knobs.next5xx -= 1;
      return 500;
    }
    if (this.knobs.next400 > 0) {
      this.knobs.next400 -= 1;
      return 400;
    }
    if (u429 < this.knobs.status429) return 429;
    if (u5xx < this.knobs.status5xx) return u5xx < this.knobs.status5xx / 2 ? 500 : 503;
    return null;
  }
}
