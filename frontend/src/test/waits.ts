/**
 * How long a screen test's waits (`findBy*`, `waitFor`) may last: 10 s, or `SCREEN_WAIT_MS` for a run
 * given little of the processor (`npm test` runs the screens at nice 10 beside the other suites). The
 * waits end as soon as the screen shows what they look for: a limit for a hang, not a speed check.
 * vitest's test timeout is twice this (vite.config.ts), so a slow screen fails on what it did not show.
 */
export function screenWaitMs(): number {
  const ms = Number(process.env.SCREEN_WAIT_MS);
  return Number.isInteger(ms) && ms > 0 ? ms : 10_000;
}
