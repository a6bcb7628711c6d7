// The fleet bench's crash: one worker killed with SIGKILL mid-run and a replacement started (as an
// orchestrator would); how long what it held stays untouched (decision 0021). What it held is two kinds:
// rows it had started (marked in flight: a create call may have gone out), which must be terminal or
// worked on again, and rows of jobs it had taken but not started (a job waiting for its brand's permit is
// briefly active), which must be back in the queue, PENDING in their turn as before the crash.
import { Queue } from 'bullmq';

export const fmtS = (ms) => (ms === null ? '-' : `${(ms / 1000).toFixed(1)} s`);

/**
 * The worker process with the most rows in flight (a create call may be out for them), waiting up to
 * `waitMs` for one to have any: a kill at that moment is the crash that matters. A worker's id (BullMQ's
 * `processedBy`) names its pid. Falls back to the last worker.
 */
async function busiestWorker(procs, queue, env, waitMs = 15_000) {
  const workers = procs.filter((p) => p.mode === 'worker' && p.child.exitCode === null);
  const until = Date.now() + waitMs;
  while (Date.now() < until) {
    const byPid = new Map();
    for (const job of await queue.getJobs(['active'])) {
      const pid = /-(\d+)-[0-9a-f]{8}$/.exec(job.processedBy ?? '')?.[1];
      if (!pid) continue;
      byPid.set(Number(pid), [...(byPid.get(Number(pid)) ?? []), ...(job.data.shipmentIds ?? [])]);
    }
    let best = null;
    for (const w of workers) {
      const ids = byPid.get(w.child.pid) ?? [];
      if (ids.length === 0) continue;
      const { rows } = await env.pool.query(
        `SELECT count(*)::int AS n FROM shipments WHERE id = ANY($1::uuid[]) AND status = 'PENDING' AND in_flight_since IS NOT NULL`,
        [ids],
      );
      if (rows[0].n > 0 && (!best || rows[0].n > best.n)) best = { w, n: rows[0].n };
    }
    if (best) return best.w;
    await new Promise((r) => setTimeout(r, 50));
  }
  return workers.at(-1);
}

/** Kills a busy worker with SIGKILL and starts a replacement (`startWorker()`); what the dead worker held, and when. */
export async function killOneWorker(procs, startWorker, env, redisUrl) {
  const queue = new Queue('shipments', { connection: { url: redisUrl }, prefix: env.prefix });
  const victim = await busiestWorker(procs, queue, env);
  victim.child.kill('SIGKILL');
  await victim.exited;
  const at = Date.now();
  const { rows } = await env.pool.query('SELECT now() AS now');
  // What the dead worker held: its active jobs (their worker process has no live connection left);
  // the live workers' active jobs at that moment are not the crash's to recover.
  // Redis may take a moment to see the dead process's connections close.
  let held = [];
  for (let tries = 0; held.length === 0 && tries < 20; tries++) {
    if (tries) await new Promise((r) => setTimeout(r, 100));
    const alive = await aliveWorkers(env);
    held = (await queue.getJobs(['active']))
      .filter((j) => j.processedBy && !alive.has(j.processedBy))
      .flatMap((j) => j.data.shipmentIds ?? []);
  }
  const replacement = startWorker();
  procs.push(replacement);
  const { rows: flying } = await env.pool.query(
    `SELECT id FROM shipments WHERE id = ANY($1::uuid[]) AND status = 'PENDING' AND in_flight_since IS NOT NULL`,
    [held],
  );
  const crash = {
    at,
    killedAt: rows[0].now,
    held,
    started: flying.map((r) => r.id),
    startedBackMs: null,
    queue,
    recoveredMs: null,
    jobsBackMs: null,
    readyMs: null,
  };
  void replacement.ready.then(() => (crash.readyMs = Date.now() - at));
  return crash;
}

/** The worker processes alive now: each holds a `<prefix>:live:<id>` connection to Redis. */
async function aliveWorkers(env) {
  const list = String(await env.redis.call('CLIENT', 'LIST'));
  return new Set(
    [...list.matchAll(/name=(\S+)/g)]
      .map((m) => m[1])
      .filter((n) => n.startsWith(`${env.prefix}:live:`))
      .map((n) => n.slice(`${env.prefix}:live:`.length)),
  );
}

/** Active shipments jobs whose worker process is gone (no `<prefix>:live:<id>` connection in Redis). */
async function jobsOfDeadWorkers(crash, env) {
  const alive = await aliveWorkers(env);
  return (await crash.queue.getJobs(['active'])).filter((j) => j.processedBy && !alive.has(j.processedBy))
    .length;
}

/**
 * Three times: until the dead worker's jobs are back in the queue (no active job of a dead process);
 * until every row it had started is terminal or worked on again; and the later of the two, the
 * recovery: every row it held is then terminal, being worked on, or waiting in the queue for its turn.
 */
export async function checkRecovered(crash, env) {
  if (crash.jobsBackMs === null && (await jobsOfDeadWorkers(crash, env)) === 0) {
    crash.jobsBackMs = Date.now() - crash.at;
  }
  if (crash.startedBackMs === null) {
    const { rows } = await env.pool.query(
      `SELECT count(*)::int AS n FROM shipments
        WHERE id = ANY($1::uuid[]) AND status = 'PENDING' AND updated_at <= $2`,
      [crash.started, crash.killedAt],
    );
    if (rows[0].n === 0) crash.startedBackMs = Date.now() - crash.at;
  }
  if (crash.jobsBackMs !== null && crash.startedBackMs !== null) {
    crash.recoveredMs = Math.max(crash.jobsBackMs, crash.startedBackMs);
  }
}

/** The two result lines of the crash (no goal on the first; recovery within 2 minutes on the second). */
export function crashResults(crash) {
  return [
    {
      measure: 'kill -9 of a worker: its jobs back in the queue after',
      value: crash?.jobsBackMs ?? null,
      unit: 'ms',
      goal: '',
      note: crash ? `replacement ready after ${fmtS(crash.readyMs)}` : 'no kill',
    },
    {
      measure: 'recovery after kill -9 of a worker (replacement started at once)',
      value: crash?.recoveredMs ?? null,
      unit: 'ms',
      goal: '<= 120 s',
      pass: crash !== null && crash.recoveredMs !== null && crash.recoveredMs <= 120_000,
      note: crash
        ? `${crash.held.length} rows held, ${crash.started.length} started; those worked on again after ${fmtS(crash.startedBackMs)}`
        : 'no kill',
    },
  ];
}
