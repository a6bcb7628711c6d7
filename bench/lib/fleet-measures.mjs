// What the fleet bench computes from what it saw: calls per second, and the API probes' files.
import { existsSync, readFileSync } from 'node:fs';
import { quantile } from './measure.mjs';

/** Most calls in any window of `windowMs` (1 s unless said; sorted timestamps in ms). */
export function maxPerSecond(times, windowMs = 1000) {
  let best = 0;
  let lo = 0;
  for (let hi = 0; hi < times.length; hi++) {
    while (times[hi] - times[lo] >= windowMs) lo++;
    best = Math.max(best, hi - lo + 1);
  }
  return best;
}

/**
 * Each brand's calls at the sandbox (`requests`: { at, path, status }, `at` when the call arrived):
 * how many, how many refused for rate (429), and the most accepted in any 1 s and any 10 s.
 */
export function brandRates(requests, brands, orderBrand) {
  return brands.map((b) => {
    const mine = requests.filter((r) => orderBrand.get(r.path.split('/')[2]) === b.brandId);
    const ok = mine
      .filter((r) => r.status !== '429')
      .map((r) => r.at)
      .sort((x, y) => x - y);
    return {
      brand: b.brandId,
      calls: mine.length,
      throttled: mine.length - ok.length,
      maxPerSecond: maxPerSecond(ok),
      maxPer10s: maxPerSecond(ok, 10_000),
    };
  });
}

/** What the API processes' probes saw (bench/lib/api-probe.mjs), or null if they wrote nothing. */
export function probeSummary(files) {
  const present = files.filter((f) => existsSync(f));
  const probes = present.map((f) => JSON.parse(readFileSync(f, 'utf8')));
  if (probes.length === 0) return null;
  const reqs = present
    .filter((f) => existsSync(`${f}.reads`))
    .flatMap((f) => readFileSync(`${f}.reads`, 'utf8').split('\n').filter(Boolean))
    .map((line) => JSON.parse(line));
  if (reqs.length === 0) return null;
  const bySql = new Map();
  for (const r of reqs) {
    for (const s of r.statements) {
      if (!bySql.has(s.sql)) bySql.set(s.sql, []);
      bySql.get(s.sql).push(s.ms);
    }
  }
  return {
    n: reqs.length,
    p50: quantile(
      reqs.map((r) => r.ms),
      0.5,
    ),
    p95: quantile(
      reqs.map((r) => r.ms),
      0.95,
    ),
    statementsPerRead: reqs.reduce((n, r) => n + r.statements.length, 0) / reqs.length,
    poolWaitP95: quantile(
      reqs.map((r) => r.poolWaitMs),
      0.95,
    ),
    byStatement: [...bySql.entries()]
      .map(([sql, ms]) => ({
        sql,
        perRead: ms.length / reqs.length,
        p50: quantile(ms, 0.5),
        p95: quantile(ms, 0.95),
      }))
      .sort((a, b) => b.p95 * b.perRead - a.p95 * a.perRead),
    loops: probes.map((p) => p.loop),
    cpuMsPerRead: probes.reduce((ms, p) => ms + p.cpuMs, 0) / reqs.length,
  };
}
