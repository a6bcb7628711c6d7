/**
 * Request slots one caller reserved for the calls it makes while holding a lock. A call leaves at its
 * slot and at least one interval after the budget's previous call left: a call that left late (its
 * predecessor's answer was slow, the event loop was busy) would otherwise be followed at once by the
 * next call, whose slot was then already due, two calls a few milliseconds apart (decision 0021).
 */
export class CallBudget {
  private spent = 0;
  private lastLeftAt = -Infinity;

  /** `count` slots, the first due at `firstDueAt` (`Date.now()` clock), one every `intervalMs`. */
  constructor(
    private readonly count: number,
    private readonly firstDueAt: number,
    private readonly intervalMs: number,
  ) {}

  /** When the next call may leave, or null when every slot is spent. */
  next(): number | null {
    if (this.spent >= this.count) return null;
    const slot = this.firstDueAt + this.intervalMs * this.spent++;
    return Math.max(slot, this.lastLeftAt + this.intervalMs);
  }

  /** The call of the slot `next()` gave leaves now (`Date.now()` clock). */
  left(at: number): void {
    this.lastLeftAt = at;
  }
}
