import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { AppError } from '../../common/errors/index.js';

/** What a refused download is told to wait before trying again. */
export const DOWNLOAD_RETRY_AFTER_SECONDS = 10;

/**
 * Downloads open at once, per member and per company, in this API process (decision 0027). A download
 * holds its slot until its last byte is written or its client goes away; one more than the limit is
 * answered 429 with `Retry-After`. The database work of all downloads is bounded by the heavy-reads
 * pool, so these limits bound open sockets and buffers, not connections.
 */
@Injectable()
export class DownloadSlots {
  private readonly open = new Map<string, number>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Takes a slot for the caller or throws RATE_LIMITED; call the returned function exactly once. */
  take(userId: string, companyId: string): () => void {
    const keys = [`u:${userId}`, `c:${companyId}`];
    const limits = [this.config.edges.downloadsPerUser, this.config.edges.downloadsPerCompany];
    if (keys.some((k, i) => (this.open.get(k) ?? 0) >= limits[i]!)) {
      throw new AppError(
        'RATE_LIMITED',
        `Too many downloads at once. Please try again in ${DOWNLOAD_RETRY_AFTER_SECONDS} seconds.`,
        { retryAfterSeconds: DOWNLOAD_RETRY_AFTER_SECONDS },
      );
    }
    for (const k of keys) this.open.set(k, (this.open.get(k) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const k of keys) {
        const n = (this.open.get(k) ?? 1) - 1;
        if (n <= 0) this.open.delete(k);
        else this.open.set(k, n);
      }
    };
  }
}
