import type { QueueIntentKey } from '../../src/modules/shipments/recovery/queue-intents.repository.js';
import type {
  EnqueueOptions,
  ShipmentQueueing,
} from '../../src/modules/shipments/recovery/shipment-queueing.service.js';
import type { WorkerLiveness } from '../../src/modules/shipments/recovery/worker-liveness.js';
import type { FakeQueueIntents } from './fake-queue-intents.js';

/** An active job as the recovery sweep sees it; `moveToWait` fails unless the token is its lock's. */
export class FakeJob {
  moved = false;

  constructor(
    readonly id: string | undefined,
    readonly processedBy: string | undefined,
    readonly lockToken: string | null,
    private readonly movesOnMeanwhile = false,
  ) {}

  moveToWait(token: string): Promise<void> {
    if (this.movesOnMeanwhile || token !== this.lockToken) {
      return Promise.reject(new Error('Missing lock for job'));
    }
    this.moved = true;
    return Promise.resolve();
  }
}

/**
 * The part of a BullMQ queue (and its Redis) the recovery service uses: active jobs with their lock
 * tokens, and the job schedulers it registers.
 */
export class FakeQueue {
  readonly active: FakeJob[] = [];
  readonly schedulers = new Map<string, unknown>();

  getJobs(): Promise<FakeJob[]> {
    return Promise.resolve(this.active.filter((j) => !j.moved));
  }

  toKey(id: string): string {
    return `bull:shipments:${id}`;
  }

  upsertJobScheduler(id: string, repeat: unknown): Promise<void> {
    this.schedulers.set(id, repeat);
    return Promise.resolve();
  }

  getJobScheduler(id: string): Promise<unknown> {
    return Promise.resolve(this.schedulers.get(id) ?? null);
  }

  /** A Redis whose `get` answers the jobs' lock keys; `failing` makes every call fail. */
  redis(failing = false) {
    return {
      get: (key: string): Promise<string | null> => {
        if (failing) return Promise.reject(new Error('Connection is closed.'));
        const job = this.active.find((j) => j.id && `${this.toKey(j.id)}:lock` === key);
        return Promise.resolve(job?.lockToken ?? null);
      },
    };
  }
}

/** The worker processes alive (null: Redis does not list its connections). */
export class FakeLiveness implements Pick<WorkerLiveness, 'start' | 'alive'> {
  started = 0;

  constructor(public living: Set<string> | null = new Set(['me'])) {}

  start(): Promise<void> {
    this.started += 1;
    return Promise.resolve();
  }

  alive(): Promise<Set<string> | null> {
    return Promise.resolve(this.living && new Set(this.living));
  }
}

/** What the recovery sweep queued: uploads to materialise and rows to create, by upload. */
export class FakeQueueing implements Pick<ShipmentQueueing, 'queueMaterialize' | 'enqueue'> {
  readonly materialized: { uploadId: string; jobId: string }[] = [];
  readonly enqueued: {
    uploadId: string;
    ids: string[];
    priority?: number;
    prefix?: string;
    intents: QueueIntentKey[];
  }[] = [];

  /** The intents `enqueue` drops once it has queued, as the real one does. */
  constructor(private readonly queueIntents?: FakeQueueIntents) {}

  queueMaterialize(uploadId: string, jobId: string): Promise<boolean> {
    this.materialized.push({ uploadId, jobId });
    return Promise.resolve(true);
  }

  /** The queue refuses jobs: `enqueue` answers 0 and drops nothing. */
  unavailable = false;

  async enqueue(
    uploadId: string,
    rows: { id: string; order_id: string }[],
    o: EnqueueOptions = {},
  ): Promise<number> {
    const intents = [...(o.intents ?? [])];
    if (this.unavailable) return 0;
    this.enqueued.push({
      uploadId,
      ids: rows.map((r) => r.id),
      priority: o.priority,
      prefix: o.jobPrefix,
      intents,
    });
    if (rows.length) await this.queueIntents?.drop(intents);
    return rows.length;
  }
}
