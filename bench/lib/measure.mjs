// Timing, statistics and event-loop stall measurement.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

export const now = () => performance.now();

export async function time(fn) {
  const t0 = now();
  const value = await fn();
  return { ms: now() - t0, value };
}

export function quantile(values, q) {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

export const median = (values) => quantile(values, 0.5);

/**
 * Watches the event loop while `fn` runs. Two independent probes:
 * - a 5 ms setInterval: a stall is how late a tick fires (actual gap minus 5 ms);
 * - perf_hooks.monitorEventLoopDelay at 10 ms resolution (its max delay).
 * Reports the larger of the two maxima as the longest stall.
 */
export async function withStallProbe(fn) {
  const h = monitorEventLoopDelay({ resolution: 10 });
  const period = 5;
  let last = now();
  let maxGap = 0;
  const timer = setInterval(() => {
    const t = now();
    maxGap = Math.max(maxGap, t - last - period);
    last = t;
  }, period);
  h.enable();
  const t0 = now();
  try {
    const value = await fn();
    const ms = now() - t0;
    // One more tick so a stall at the very end is seen too.
    await new Promise((r) => setTimeout(r, period * 2));
    return {
      ms,
      value,
      stallMs: Math.max(maxGap, h.max / 1e6 - 10),
      intervalStallMs: maxGap,
      histogramMaxMs: h.max / 1e6,
    };
  } finally {
    clearInterval(timer);
    h.disable();
  }
}

/**
 * Runs `fn` up to `n` times (with `before` untimed each time) and answers each run's result. With a
 * `budgetMs`, stops early once that much time has gone by, but never before 2 runs (when n >= 2): slow
 * measurements on a busy machine are then the median of 2.
 */
export async function repeat(n, fn, before, budgetMs = Infinity) {
  const out = [];
  const t0 = now();
  for (let i = 0; i < n; i++) {
    if (i >= 2 && now() - t0 > budgetMs) break;
    if (before) await before(i);
    out.push(await fn(i));
  }
  return out;
}

export function fmtMs(ms) {
  if (!Number.isFinite(ms)) return '-';
  if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 10) return `${ms.toFixed(0)} ms`;
  return `${ms.toFixed(1)} ms`;
}

export function fmtBytes(b) {
  if (!Number.isFinite(b)) return '-';
  if (b >= 1024 * 1024) return `${(b / 1024 / 1024).toFixed(1)} MB`;
  if (b >= 1024) return `${(b / 1024).toFixed(0)} KB`;
  return `${b} B`;
}

export function fmtRatio(r) {
  if (!Number.isFinite(r)) return '-';
  if (r >= 100) return `${r.toFixed(0)}x`;
  if (r >= 10) return `${r.toFixed(1)}x`;
  return `${r.toFixed(2)}x`;
}
