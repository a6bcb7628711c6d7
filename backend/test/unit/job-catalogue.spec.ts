import { describe, expect, it, jest } from '@jest/globals';
import { UnrecoverableError, type Job } from 'bullmq';
import { DigestProcessor } from '../../src/modules/digest/digest.processor.js';
import { SystemProcessor } from '../../src/modules/health/system.processor.js';
import { OrdersProcessor } from '../../src/modules/orders/orders.processor.js';
import { ShipmentsProcessor } from '../../src/modules/shipments/processing/shipments.processor.js';
import { SourcesProcessor } from '../../src/modules/sources/sources.processor.js';
import { WebhooksProcessor } from '../../src/modules/webhooks/webhooks.processor.js';
import {
  UnknownJobError,
  assertEveryJobHandled,
  dispatchJob,
  missingHandlers,
  type JobHandlers,
  type JobProcessor,
} from '../../src/common/queue/job-dispatch.js';
import { JOB_NAMES, QUEUES, SHIPMENT_JOBS } from '../../src/common/queue/queues.js';

const job = (name: string, data: unknown = {}) => ({ id: '7', name, data }) as unknown as Job;

/** The processors of the worker, on dependencies they never reach here. */
const processors = () => [
  new OrdersProcessor({} as never, {} as never, {} as never),
  new DigestProcessor({} as never, {} as never, {} as never, {} as never),
  new ShipmentsProcessor({} as never, {} as never, {} as never, {} as never, {} as never),
  new SourcesProcessor({} as never, {} as never, {} as never, {} as never, {} as never),
  new SystemProcessor({} as never, {} as never, {} as never),
  new WebhooksProcessor({} as never, {} as never, {} as never, {} as never),
];

describe('job catalogue', () => {
  it('lists each queue’s names once', () => {
    for (const queue of Object.values(QUEUES)) {
      const names = JOB_NAMES[queue];
      expect(names.length).toBeGreaterThan(0);
      expect(new Set(names).size).toBe(names.length);
    }
    expect(JOB_NAMES[QUEUES.SHIPMENTS]).toEqual(expect.arrayContaining(Object.values(SHIPMENT_JOBS)));
  });

  it('dispatches a job to the handler of its name', async () => {
    const handlers = {
      [SHIPMENT_JOBS.CREATE]: jest.fn(async (_job: Job, _token?: string) => 'created'),
      [SHIPMENT_JOBS.MATERIALIZE]: jest.fn(async (_job: Job, _token?: string) => 'materialized'),
      [SHIPMENT_JOBS.RECOVERY_SWEEP]: jest.fn(async (_job: Job, _token?: string) => 'swept'),
    } satisfies JobHandlers<typeof QUEUES.SHIPMENTS, string>;
    const materialize = job(SHIPMENT_JOBS.MATERIALIZE, { uploadId: 'u1' });

    expect(await dispatchJob(QUEUES.SHIPMENTS, materialize, handlers, 'tok')).toBe('materialized');

    expect(handlers[SHIPMENT_JOBS.MATERIALIZE]).toHaveBeenCalledWith(materialize, 'tok');
    expect(handlers[SHIPMENT_JOBS.CREATE]).not.toHaveBeenCalled();
  });

  it('fails a job whose name is not in its queue’s catalogue, without retries, never running another', async () => {
    const create = jest.fn(async () => undefined);
    const handlers = {
      [SHIPMENT_JOBS.CREATE]: create,
      [SHIPMENT_JOBS.MATERIALIZE]: create,
      [SHIPMENT_JOBS.RECOVERY_SWEEP]: create,
    };
    for (const name of ['create-shipment', 'sync-orders', 'toString', '__proto__']) {
      const err = await dispatchJob(QUEUES.SHIPMENTS, job(name), handlers).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UnknownJobError);
      expect(err).toBeInstanceOf(UnrecoverableError);
      expect((err as Error).message).toContain(`queue shipments is named "${name}"`);
    }
    expect(create).not.toHaveBeenCalled();
  });

  it('the shipments worker fails an unknown job name instead of creating shipments with it', async () => {
    const processing = { load: jest.fn(), permitForAccount: jest.fn() };
    const worker = new ShipmentsProcessor(
      processing as never,
      {} as never,
      {} as never,
      {} as never,
      {} as never,
    );

    await expect(
      worker.process(job('create-shipment', { shipmentIds: ['a'] }), 'tok'),
    ).rejects.toBeInstanceOf(UnknownJobError);
    expect(processing.load).not.toHaveBeenCalled();
  });

  it('the order and digest workers fail unknown names too', async () => {
    const sync = { companyExists: jest.fn(), syncCompany: jest.fn() };
    const orders = new OrdersProcessor(sync as never, {} as never, {} as never);
    await expect(orders.process(job('sync-order', { companyId: 'c' }))).rejects.toBeInstanceOf(
      UnknownJobError,
    );
    expect(sync.companyExists).not.toHaveBeenCalled();
    const digest = { sendDaily: jest.fn() };
    const digests = new DigestProcessor(digest as never, {} as never, {} as never, {} as never);
    await expect(digests.process(job('send-digest'))).rejects.toBeInstanceOf(UnknownJobError);
    expect(digest.sendDaily).not.toHaveBeenCalled();
  });

  it('the worker’s processors handle every name of every queue', () => {
    expect(missingHandlers(processors())).toEqual([]);
    expect(() => assertEveryJobHandled(processors())).not.toThrow();
  });

  it('the boot check names a queue without a processor, a missing handler and a second processor', () => {
    const [orders, digest, shipments, sources, system, webhooks] = processors();
    const partial: JobProcessor = {
      queueName: QUEUES.SHIPMENTS,
      handlers: { [SHIPMENT_JOBS.CREATE]: async () => undefined },
    };
    expect(missingHandlers([orders!, digest!, sources!, system!, webhooks!])).toEqual([
      'queue shipments has no processor (its jobs: create-shipments, materialize-upload, recovery-sweep)',
    ]);
    expect(missingHandlers([orders!, digest!, partial, sources!, system!, webhooks!])).toEqual([
      'queue shipments has no handler for materialize-upload, recovery-sweep',
    ]);
    expect(missingHandlers([orders!, digest!, shipments!, shipments!, sources!, system!, webhooks!])).toEqual(
      ['queue shipments has 2 processors'],
    );
    expect(() => assertEveryJobHandled([orders!, digest!, partial, sources!, system!, webhooks!])).toThrow(
      /^Job catalogue check failed: queue shipments has no handler for materialize-upload, recovery-sweep\. Every job name in common\/queue\/queues\.ts needs a handler/,
    );
  });
});
