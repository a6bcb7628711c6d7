import type { EntityManager } from 'typeorm';
import type {
  InvalidRowColumns,
  NewUpload,
  UploadsRepository,
} from '../../src/modules/shipments/intake/uploads.repository.js';
import type { ShipmentQueueing } from '../../src/modules/shipments/recovery/shipment-queueing.service.js';

/** One staged slice as `insertSlices` received it. */
export interface FakeSlice {
  uploadId: string;
  batchNo: number;
  rowCount: number;
  rows: string;
}

/** The tables an intake writes in its transaction, in memory. */
interface Tables {
  uploads: Array<NewUpload & { id: string }>;
  slices: FakeSlice[];
  invalid: Array<{ uploadId: string; rows: InvalidRowColumns }>;
}

const empty = (): Tables => ({ uploads: [], slices: [], invalid: [] });

/**
 * The intake's side of `UploadsRepository` (the upload, its staged slices, its rows with errors) with
 * a transaction's all-or-nothing: what a transaction wrote is kept only if it commits (`FakeDb`).
 * `failOn` makes the named statement throw, as Postgres would.
 */
export class FakeUploadsStaging {
  committed: Tables = empty();
  private open: Tables | null = null;
  private nextId = 1;
  failOn: 'insertUpload' | 'insertSlices' | 'insertInvalidRows' | null = null;

  begin(): void {
    this.open = empty();
  }

  commit(): void {
    const t = this.tx();
    this.committed.uploads.push(...t.uploads);
    this.committed.slices.push(...t.slices);
    this.committed.invalid.push(...t.invalid);
    this.open = null;
  }

  rollback(): void {
    this.open = null;
  }

  private tx(): Tables {
    if (!this.open) throw new Error('The intake wrote outside its transaction');
    return this.open;
  }

  private check(step: NonNullable<FakeUploadsStaging['failOn']>): void {
    if (this.failOn === step) throw new Error(`connection lost during ${step}`);
  }

  /** As a repository of the transaction (`UploadsRepository.in(tx)`). */
  asRepository(): UploadsRepository {
    return this as unknown as UploadsRepository;
  }

  insertUpload(u: NewUpload): Promise<string> {
    this.check('insertUpload');
    const id = `00000000-0000-4000-8000-${String(this.nextId++).padStart(12, '0')}`;
    this.tx().uploads.push({ ...u, id });
    return Promise.resolve(id);
  }

  insertSlices(o: {
    uploadId: string;
    firstBatchNo: number;
    slices: { rowCount: number; rows: string }[];
  }): Promise<void> {
    this.check('insertSlices');
    o.slices.forEach((s, k) =>
      this.tx().slices.push({ uploadId: o.uploadId, batchNo: o.firstBatchNo + k, ...s }),
    );
    return Promise.resolve();
  }

  insertInvalidRows(o: { uploadId: string; rows: InvalidRowColumns }): Promise<void> {
    this.check('insertInvalidRows');
    this.tx().invalid.push(o);
    return Promise.resolve();
  }
}

/**
 * The DataSource as the intake uses it: `transaction(fn)` runs `fn` with an EntityManager and commits
 * what the staging wrote, or drops it when `fn` throws. Statements the intake sends through the
 * EntityManager itself (the file's layout and lines, `upload-files.repository.ts`) are recorded.
 */
export class FakeDb {
  readonly statements: Array<{ sql: string; params: unknown[] }> = [];
  transactions = 0;

  constructor(private readonly staging: FakeUploadsStaging) {}

  readonly manager = {
    query: (sql: string, params: unknown[] = []): Promise<unknown[]> => {
      this.statements.push({ sql, params });
      return Promise.resolve([]);
    },
  } as unknown as EntityManager;

  async transaction<T>(fn: (tx: EntityManager) => Promise<T>): Promise<T> {
    this.transactions += 1;
    this.staging.begin();
    try {
      const out = await fn(this.manager);
      this.staging.commit();
      return out;
    } catch (err) {
      this.staging.rollback();
      throw err;
    }
  }
}

/** The queueing as the intake's `finish` calls it: materialize now, or queue a materialize job. */
export class FakeIntakeQueueing {
  readonly materialized: Array<{ uploadId: string; priority?: number }> = [];
  readonly jobs: Array<{ uploadId: string; jobId: string; priority?: number }> = [];
  /** What `materialize` answers (its rows queued, repeats of stored shipments, rows left unqueued). */
  answer = { queued: 0, repeats: 0, unqueued: 0 };
  materializeFails = false;
  redisDown = false;

  asQueueing(): ShipmentQueueing {
    return this as unknown as ShipmentQueueing;
  }

  materialize(uploadId: string, priority?: number) {
    if (this.materializeFails) return Promise.reject(new Error('deadlock detected'));
    this.materialized.push({ uploadId, priority });
    return Promise.resolve(this.answer);
  }

  queueMaterialize(uploadId: string, jobId: string, priority?: number): Promise<boolean> {
    if (this.redisDown) return Promise.resolve(false);
    this.jobs.push({ uploadId, jobId, priority });
    return Promise.resolve(true);
  }
}
