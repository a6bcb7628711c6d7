// The fleet bench's crash: one worker killed with SIGKILL mid-run and a replacement started (as an
// orchestrator would); how long what it held stays untouched (decision 0021).
import { Queue } from 'bullmq';

export const fmtS = (ms) => (ms === null ? '-' : `${(ms / 1000).toFixed(1)} s`);

/** Kills the last worker with SIGKILL and starts a replacement (`startWorker()`); what the dead worker held, and when. */
export async function killOneWorker(procs, startWorker, env, redisUrl) {
  const victim = procs.filter((p) => p.mode === 'worker').at(-1);
  victim.child.kill('SIGKILL');
  await victim.exited;
  const at = Date.now();
  const { rows } = await env.pool.query('SELECT now() AS now');
  const queue = new Queue('shipments', { connection: { url: redisUrl }, prefix: env.prefix });
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
  const crash = {
    at,
    killedAt: rows[0].now,
    held,
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
 * Two times: until the dead worker's jobs are back in the queue (no active job of a dead process), and
 * until every row held at the kill is terminal or was worked on after it (which also waits for its turn).
 */
export async function checkRecovered(crash, env) {
  if (crash.jobsBackMs === null && (await jobsOfDeadWorkers(crash, env)) === 0) {
    crash.jobsBackMs = Date.now() - crash.at;
  }
  const { rows } = await env.pool.query(
    `SELECT count(*)::int AS n FROM shipments
      WHERE id = ANY($1::uuid[]) AND status = 'PENDING' AND updated_at <= $2`,
    [crash.held, crash.killedAt],
  );
  if (rows[0].n === 0) crash.recoveredMs = Date.now() - crash.at;
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
      note: crash ? `${crash.held.length} rows held` : 'no kill',
    },
  ];
}
