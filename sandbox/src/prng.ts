/** Small seeded PRNG (mulberry32) so that data and fault dice are reproducible. */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = Prng.mix(seed);
  }

  static mix(seed: number): number {
    let h = Math.floor(seed) ^ 0x9e3779b9;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return (h ^ (h >>> 16)) >>> 0;
  }

  getState(): number {
    return this.state;
  }

  setState(state: number): void {
    this.state = state >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max] (inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Real number in [min, max). */
  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** `count` distinct elements, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) {
      const i = Math.floor(this.next() * pool.length);
      out.push(pool.splice(i, 1)[0]!);
    }
    return out;
  }

  chars(alphabet: string, length: number): string {
    let s = '';
    for (let i = 0; i < length; i++) s += alphabet[Math.floor(this.next() * alphabet.length)];
    return s;
  }

  digits(length: number): string {
    return this.chars('0123456789', length);
  }
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Generates Faire-style ids (`bo_` + 10 lowercase alphanumerics, …) and never repeats one. */
export class IdFactory {
  private readonly used = new Set<string>();

  constructor(private readonly rng: Prng) {}

  reserve(id: string): void {
    this.used.add(id);
  }

  make(prefix: string, length = 10): string {
    for (;;) {
      // Faire ids start with a letter; keep that so display ids never look like plain numbers.
      const id = `${prefix}${this.rng.chars('abcdefghijklmnopqrstuvwxyz', 1)}${this.rng.chars(ID_ALPHABET, length - 1)}`;
      if (!this.used.has(id)) {
        this.used.add(id);
        return id;
      }
    }
  }
}
