import { Injectable } from '@nestjs/common';

/**
 * The one source of "now" for rules that depend on time (session expiry, invitation expiry, late orders).
 * Tests move it with `advance`/`set`; in production it is the system clock.
 */
@Injectable()
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  set(date: Date): void {
    this.offsetMs = date.getTime() - Date.now();
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
