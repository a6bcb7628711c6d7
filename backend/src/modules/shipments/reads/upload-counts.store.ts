import { Injectable } from '@nestjs/common';
import { HistoryQuery } from './history.query.js';
import { UploadsRepository } from '../intake/uploads.repository.js';

export interface UploadCountsView {
  by: Record<string, number>;
  own: number;
  waiting: number;
  nextRetryAt: Date | null;
  lastFault: string | null;
}

/** What the store needs to know of an upload: its version and whether rows may still change. */
export interface CountedUpload {
  id: string;
  counts_version: number;
  materialized_at: Date | null;
  staged_rows: number;
}

/**
 * An upload's counts (decision 0028): a settled upload (every row ended) is counted once and its counts
 * stored with the upload's `counts_version`; a trigger raises the version when one of its rows changes
 * again, which makes the stored counts stale. Uploads still moving are counted live, on the heavy-reads
 * pool, so a list of big uploads in progress waits there rather than taking the main pool.
 */
@Injectable()
export class UploadCountsStore {
  constructor(
    private readonly reads: HistoryQuery,
    private readonly uploads: UploadsRepository,
  ) {}

  async countsOf(uploads: CountedUpload[]): Promise<Map<string, UploadCountsView>> {
    const out = new Map<string, UploadCountsView>();
    if (uploads.length === 0) return out;
    const stored = await this.reads.storedCounts({ uploadIds: uploads.map((u) => u.id) });
    for (const s of stored) {
      out.set(s.upload_id, {
        by: s.by_status,
        own: s.own_rows,
        waiting: 0,
        nextRetryAt: null,
        lastFault: null,
      });
    }
    const missing = uploads.filter((u) => !out.has(u.id));
    if (missing.length === 0) return out;
    const live = await this.live(missing.map((u) => u.id));
    for (const u of missing) {
      const c = live.get(u.id) ?? { by: {}, own: 0, waiting: 0, nextRetryAt: null, lastFault: null };
      out.set(u.id, c);
      // Settled: every row of the file is in, none is PENDING. Stored under the version read with the
      // upload, before the counting: a row reopened since raised it, so these counts are never used.
      if (u.materialized_at !== null && u.staged_rows === 0 && !c.by.PENDING) {
        await this.uploads.storeCounts({
          uploadId: u.id,
          countsVersion: u.counts_version,
          byStatus: c.by,
          ownRows: c.own,
        });
      }
    }
    return out;
  }

  /** Counts over the rows themselves, per upload and status, with what is waiting on Faire (decision 0037). */
  private async live(ids: string[]): Promise<Map<string, UploadCountsView>> {
    const out = new Map<string, UploadCountsView>();
    const rows = await this.reads.liveCounts({ uploadIds: ids });
    for (const r of rows) {
      const c = out.get(r.upload_id) ?? { by: {}, own: 0, waiting: 0, nextRetryAt: null, lastFault: null };
      c.by[r.status] = r.n;
      c.own += r.own;
      c.waiting += r.waiting;
      c.lastFault ??= r.last_fault;
      if (r.next_retry_at && (!c.nextRetryAt || r.next_retry_at < c.nextRetryAt)) {
        c.nextRetryAt = r.next_retry_at;
      }
      out.set(r.upload_id, c);
    }
    return out;
  }
}
