// enqueue: queueing a 100k-row upload with ShipmentsService.enqueue (jobs of up to 50 shipment ids, an
// order's rows together) against one BullMQ job per row. Time, and the Redis memory the jobs take.
import { Queue } from 'bullmq';
import { backend } from './lib/backend.mjs';
import { idRows } from './lib/data.mjs';
import { REDIS_URL, deleteKeys, keysMemory, openEnv, usedMemory } from './lib/env.mjs';
import { median, time } from './lib/measure.mjs';

export const name = 'enqueue';
export const title = 'queueing a 100k-row upload';

export async function run(ctx) {
  const { ShipmentQueueing, SHIPMENT_JOB_OPTIONS } = await backend();
  const count = ctx.quick ? 20_000 : 100_000;
  const { rows, orders } = idRows(count, 31);
  const env = await openEnv('enqueue', { app: true, env: { WORKER_MODE: 'api' } });
  const refPrefix = `${env.prefix}-ref`;
  const refQueue = new Queue('shipments', {
    connection: { url: REDIS_URL, maxRetriesPerRequest: null },
    prefix: refPrefix,
  });
  try {
    const service = env.app.get(ShipmentQueueing);
    const productPattern = `${env.prefix}:shipments:*`;
    const refPattern = `${refPrefix}:*`;
    await refQueue.waitUntilReady();

    // The reference may be too slow at full size on this machine; measure it on `refCount` rows and
    // scale linearly (said in the output).
    const refCount = count;
    const refRows = rows.slice(0, refCount);
    const product = [];
    const reference = [];
    const started = Date.now();
    for (let i = 0; i < ctx.runs; i++) {
      // On a busy machine, stop after 2 runs once 15 s have gone by (the reference is the slow part).
      if (i >= 2 && Date.now() - started > 15_000) break;
      await deleteKeys(env.redis, productPattern);
      const before = await usedMemory(env.redis);
      const t = await time(() => service.enqueue(`bench-${i}`, rows));
      const after = await usedMemory(env.redis);
      const mem = await keysMemory(env.redis, productPattern);
      const jobs = await service['queue'].getJobCounts('prioritized', 'waiting');
      product.push({
        ms: t.ms,
        bytes: mem.bytes,
        keys: mem.keys,
        infoDelta: after - before,
        jobs: jobs.prioritized + jobs.waiting,
      });
      await deleteKeys(env.redis, productPattern);

      await deleteKeys(env.redis, refPattern);
      const rBefore = await usedMemory(env.redis);
      const r = await time(async () => {
        // One job per row, same options; in slices of 10k so one call does not build a 100k-command
        // transaction in memory at once (addBulk is one MULTI).
        for (let k = 0; k < refRows.length; k += 10_000) {
          await refQueue.addBulk(
            refRows.slice(k, k + 10_000).map((row, j) => ({
              name: 'create-shipments',
              data: { shipmentIds: [row.id] },
              opts: {
                ...SHIPMENT_JOB_OPTIONS,
                jobId: `ship-ref${i}-${k + j}`,
                priority: Math.min(k + j + 1, 2_000_000),
              },
            })),
          );
        }
      });
      const rAfter = await usedMemory(env.redis);
      const rMem = await keysMemory(env.redis, refPattern);
      reference.push({ ms: r.ms, bytes: rMem.bytes, infoDelta: rAfter - rBefore });
      await deleteKeys(env.redis, refPattern);
    }
    const scale = count / refCount;
    const ms = median(product.map((p) => p.ms));
    const bytes = median(product.map((p) => p.bytes));
    const refMs = median(reference.map((r) => r.ms)) * scale;
    const refBytes = median(reference.map((r) => r.bytes)) * scale;
    const label = `${(count / 1000).toFixed(0)}k`;
    ctx.log(
      `${label} rows in ${orders.toLocaleString('en-US')} orders -> ${product[0].jobs} jobs (${product[0].keys} Redis keys)`,
    );
    const refNote = scale === 1 ? '' : ` (${refCount} measured, scaled x${scale})`;
    return [
      {
        measure: `enqueue a ${label}-row upload (${product[0].jobs} batch jobs)`,
        value: ms,
        unit: 'ms',
        refLabel: `1 job per row${refNote}`,
        ref: refMs,
        goal: '< 2 s',
        pass: ms < 2000,
        note: `${product.length} run${product.length === 1 ? '' : 's'}`,
        samples: product.map((p) => p.ms),
      },
      {
        measure: 'Redis memory of those jobs',
        value: bytes,
        unit: 'bytes',
        refLabel: `1 job per row${refNote}`,
        ref: refBytes,
        goal: '< 20 MB',
        pass: bytes < 20 * 1024 * 1024,
        note: `INFO used_memory delta ${(median(product.map((p) => p.infoDelta)) / 1024 / 1024).toFixed(1)} MB`,
      },
      {
        info: true,
        measure: '  reference: INFO used_memory delta, 1 job per row',
        value: median(reference.map((r) => r.infoDelta)) * scale,
        unit: 'bytes',
      },
    ];
  } finally {
    await refQueue.close().catch(() => undefined);
    await deleteKeys(env.redis, `${refPrefix}:*`).catch(() => undefined);
    await env.close();
  }
}
