/** The sandbox clock: runs in real time from a settable origin, and can be frozen. */
export class SandboxClock {
  private baseMs: number;
  private realAtBase: number;
  private frozen: boolean;

  constructor(
    initial: Date | undefined,
    private readonly onChange: () => void = () => {},
  ) {
    this.baseMs = initial ? initial.getTime() : Date.now();
    this.realAtBase = Date.now();
    this.frozen = false;
  }

  nowMs(): number {
    return this.frozen ? this.baseMs : this.baseMs + (Date.now() - this.realAtBase);
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  isFrozen(): boolean {
    return this.frozen;
  }

  set(d: Date): void {
    const ms = d.getTime();
    if (!Number.isFinite(ms)) throw new Error('Invalid date');
    this.baseMs = ms;
    this.realAtBase = Date.now();
    this.onChange();
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms)) throw new Error('Invalid duration');
    this.set(new Date(this.nowMs() + ms));
  }

  freeze(): void {
    if (this.frozen) return;
    this.baseMs = this.nowMs();
    this.frozen = true;
    this.onChange();
  }

  unfreeze(): void {
    if (!this.frozen) return;
    this.realAtBase = Date.now();
    this.frozen = false;
    this.onChange();
  }

  /** Restores a persisted clock: `nowMs` was the sandbox time when `realMs` was the real time. */
  restore(nowMs: number, realMs: number, frozen: boolean): void {
    this.frozen = frozen;
    if (frozen) {
      this.baseMs = nowMs;
    } else {
      this.baseMs = nowMs + (Date.now() - realMs);
    }
    this.realAtBase = Date.now();
  }
}
