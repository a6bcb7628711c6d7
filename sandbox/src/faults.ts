import { performance } from 'node:perf_hooks';
import { Prng } from './prng.js';
import type { Knobs } from './types.js';

export const DEFAULT_KNOBS: Readonly<Knobs> = Object.freeze({
  latencyMs: 0,
  rate429Share: 0,
  retryAfterSeconds: 1,
  error5xxShare: 0,
  dropAfterCommitShare: 0,
  hangAfterCommitShare: 0,
  perTokenRatePerSecond: 0,
  perTokenBurst: 0,
  randomSeed: 1,
  faultPaths: null,
  forcedFaults: null,
  html403Share: 0,
  reformatTrackingCodes: false,
  omitCursor: false,
});

export class KnobError extends Error {}

const SHARE_KEYS = [
  'rate429Share',
  'error5xxShare',
  'dropAfterCommitShare',
  'hangAfterCommitShare',
  'html403Share',
] as const;
const NUMBER_KEYS = [
  'latencyMs',
  'retryAfterSeconds',
  'perTokenRatePerSecond',
  'perTokenBurst',
  'randomSeed',
] as const;

/** Validates a partial knob object (from code or from `PUT /_sandbox/knobs`). */
export function validateKnobPatch(input: unknown): Partial<Knobs> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new KnobError('Knobs must be a JSON object');
  }
  const src = input as Record<string, unknown>;
  const out: Partial<Knobs> = {};
  for (const key of Object.keys(src)) {
    const value = src[key];
    if ((SHARE_KEYS as readonly string[]).includes(key)) {
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) {
        throw new KnobError(`${key} must be a number between 0 and 1`);
      }
      out[key as (typeof SHARE_KEYS)[number]] = value;
    } else if ((NUMBER_KEYS as readonly string[]).includes(key)) {
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
        throw new KnobError(`${key} must be a non-negative number`);
      }
      if (key === 'latencyMs' && value > 120_000) throw new KnobError('latencyMs must be at most 120000');
      if ((key === 'retryAfterSeconds' || key === 'randomSeed') && !Number.isInteger(value)) {
        throw new KnobError(`${key} must be an integer`);
      }
      out[key as (typeof NUMBER_KEYS)[number]] = value;
    } else if (key === 'reformatTrackingCodes' || key === 'omitCursor') {
      if (typeof value !== 'boolean') throw new KnobError(`${key} must be true or false`);
      out[key] = value;
    } else if (key === 'forcedFaults') {
      if (value === null) {
        out.forcedFaults = null;
      } else if (Array.isArray(value) && value.every((v) => typeof v === 'string' && FORCED.test(v.trim()))) {
        out.forcedFaults = (value as string[]).map((v) => v.trim().replace(/\s+/, ' '));
      } else {
        throw new KnobError(
          'forcedFaults must be null or an array of "<429|5xx|drop|hang> <path pattern>" strings',
        );
      }
    } else if (key === 'faultPaths') {
      if (value === null) {
        out.faultPaths = null;
      } else if (Array.isArray(value) && value.every((v) => typeof v === 'string' && v.trim() !== '')) {
        out.faultPaths = (value as string[]).map((v) => v.trim());
      } else {
        throw new KnobError('faultPaths must be null or an array of non-empty strings');
      }
    } else {
      throw new KnobError(`Unknown knob: ${key}`);
    }
  }
  return out;
}

export interface FaultRoll {
  throttle: boolean;
  htmlBlock: boolean;
  serverError: 500 | 503 | null;
  afterCommit: 'drop' | 'hang' | null;
}

interface Bucket {
  tokens: number;
  last: number;
}

function segmentMatches(pattern: string, actual: string): boolean {
  return pattern === '*' || (pattern.startsWith('{') && pattern.endsWith('}')) || pattern === actual;
}

/** A forced fault: its kind, then a path pattern as in `faultPaths`. */
const FORCED = /^(429|5xx|drop|hang)\s+\S.*$/;
type ForcedKind = '429' | '5xx' | 'drop' | 'hang';

/** Whether `raw` (a `faultPaths` pattern, its method optional) matches a call. */
function pathMatches(raw: string, method: string, actual: string[]): boolean {
  let pattern = raw;
  const space = raw.indexOf(' ');
  if (space > 0) {
    if (raw.slice(0, space).toUpperCase() !== method.toUpperCase()) return false;
    pattern = raw.slice(space + 1).trim();
  }
  const segs = pattern.split('/').filter(Boolean);
  if (segs[segs.length - 1] === '**') {
    const head = segs.slice(0, -1);
    return actual.length >= head.length && head.every((s, i) => segmentMatches(s, actual[i]!));
  }
  return segs.length === actual.length && segs.every((s, i) => segmentMatches(s, actual[i]!));
}

/** Knob values plus the seeded dice and the per-token buckets they drive. */
export class FaultEngine {
  private knobs: Knobs = { ...DEFAULT_KNOBS };
  private dice = new Prng(DEFAULT_KNOBS.randomSeed);
  private readonly buckets = new Map<string, Bucket>();
  /** The forced faults not used yet. */
  private forcedLeft: { kind: ForcedKind; pattern: string }[] = [];

  get(): Knobs {
    return {
      ...this.knobs,
      faultPaths: this.knobs.faultPaths ? [...this.knobs.faultPaths] : null,
      forcedFaults: this.knobs.forcedFaults ? [...this.knobs.forcedFaults] : null,
    };
  }

  set(patch: Partial<Knobs>): void {
    const valid = validateKnobPatch(patch);
    const next = { ...this.knobs, ...valid };
    if (next.dropAfterCommitShare + next.hangAfterCommitShare > 1) {
      throw new KnobError('dropAfterCommitShare + hangAfterCommitShare must not exceed 1');
    }
    this.knobs = next;
    if (valid.randomSeed !== undefined) this.dice = new Prng(valid.randomSeed);
    if (valid.forcedFaults !== undefined) {
      this.forcedLeft = (valid.forcedFaults ?? []).map((f) => {
        const space = f.indexOf(' ');
        return { kind: f.slice(0, space) as ForcedKind, pattern: f.slice(space + 1) };
      });
    }
    if (valid.perTokenRatePerSecond !== undefined || valid.perTokenBurst !== undefined) this.buckets.clear();
  }

  reset(): void {
    this.knobs = { ...DEFAULT_KNOBS };
    this.dice = new Prng(DEFAULT_KNOBS.randomSeed);
    this.forcedLeft = [];
    this.buckets.clear();
  }

  /** Whether faults apply to an API call (`subpath` is relative to `/external-api/v2`). */
  applies(method: string, subpath: string): boolean {
    const patterns = this.knobs.faultPaths;
    if (patterns === null) return true;
    const actual = subpath.split('/').filter(Boolean);
    return patterns.some((raw) => pathMatches(raw, method, actual));
  }

  /**
   * Rolls the dice for one call. Always draws the same number of values so runs are reproducible. A
   * forced fault not yet used whose pattern matches the call (the first such in `forcedFaults`) decides
   * the call instead of the dice, once; the dice are drawn all the same.
   */
  roll(method = '', subpath = ''): FaultRoll {
    const rolled = this.rollDice();
    const actual = subpath.split('/').filter(Boolean);
    const i = this.forcedLeft.findIndex((f) => pathMatches(f.pattern, method, actual));
    if (i === -1) return rolled;
    const [forced] = this.forcedLeft.splice(i, 1);
    return {
      throttle: forced!.kind === '429',
      htmlBlock: false,
      serverError: forced!.kind === '5xx' ? 503 : null,
      afterCommit: forced!.kind === 'drop' ? 'drop' : forced!.kind === 'hang' ? 'hang' : null,
    };
  }

  private rollDice(): FaultRoll {
    const u429 = this.dice.next();
    const u5xx = this.dice.next();
    const uKind = this.dice.next();
    const uCommit = this.dice.next();
    const k = this.knobs;
    // Drawn only when the knob is on, so the dice of runs without it stay as they were.
    const htmlBlock = k.html403Share > 0 && this.dice.next() < k.html403Share;
    return {
      throttle: u429 < k.rate429Share,
      htmlBlock,
      serverError: u5xx < k.error5xxShare ? (uKind < 0.5 ? 500 : 503) : null,
      afterCommit:
        uCommit < k.dropAfterCommitShare
          ? 'drop'
          : uCommit < k.dropAfterCommitShare + k.hangAfterCommitShare
            ? 'hang'
            : null,
    };
  }

  /** Takes one token from `key`'s bucket; returns the Retry-After seconds when empty, or null. */
  takeToken(key: string): number | null {
    const rate = this.knobs.perTokenRatePerSecond;
    if (rate <= 0) return null;
    const capacity = this.knobs.perTokenBurst > 0 ? this.knobs.perTokenBurst : Math.max(1, rate);
    const now = performance.now();
    const bucket = this.buckets.get(key) ?? { tokens: capacity, last: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.last) / 1000) * rate);
    bucket.last = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return null;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / rate));
  }
}
