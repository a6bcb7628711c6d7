import { Injectable } from '@nestjs/common';
import { setTimeout as delay } from 'node:timers/promises';

/** Thrown where work stops because the process is shutting down; the job is handed back, not failed. */
export class ShuttingDownError extends Error {
  constructor() {
    super('The worker is shutting down');
    this.name = 'ShuttingDownError';
  }
}

/**
 * The process-wide "we are stopping" flag, set first thing on SIGTERM (WorkerShutdown). Work checks it
 * before starting anything new (a Faire call, a slice), and waits (rate-limit slots, backoff) end at once.
 */
@Injectable()
export class Shutdown {
  private readonly controller = new AbortController();

  get stopping(): boolean {
    return this.controller.signal.aborted;
  }

  begin(): void {
    if (!this.stopping) this.controller.abort();
  }

  throwIfStopping(): void {
    if (this.stopping) throw new ShuttingDownError();
  }

  /** Waits `ms`, or throws ShuttingDownError as soon as shutdown begins. */
  async wait(ms: number): Promise<void> {
    this.throwIfStopping();
    if (ms <= 0) return;
    try {
      await delay(ms, undefined, { signal: this.controller.signal });
    } catch {
      throw new ShuttingDownError();
    }
  }
}
