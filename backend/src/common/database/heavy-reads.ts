import { Inject, Injectable, Module, type OnModuleDestroy } from '@nestjs/common';
import pg from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/index.js';

/** A heavy read (one page of an export) that runs longer than this is stopped by Postgres. */
export const HEAVY_STATEMENT_TIMEOUT_MS = 30_000;

/**
 * A small pool of its own for exports and other long reads (decision 0027): however many downloads
 * run, they share HEAVY_READ_POOL_SIZE connections and never take the main pool's, which sign-in, the
 * guard and health need. Each statement runs with a timeout; connections are made on first use, so a
 * worker process that never exports opens none.
 */
@Injectable()
export class HeavyReads implements OnModuleDestroy {
  private readonly pool: pg.Pool;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: config.edges.heavyReadPoolSize,
      // Downloads wait their turn for a connection; a page is short, so the line moves.
      connectionTimeoutMillis: 60_000,
      idleTimeoutMillis: 30_000,
      statement_timeout: HEAVY_STATEMENT_TIMEOUT_MS,
      application_name: 'portal-heavy-reads',
    });
    // A dropped idle connection is replaced on next use; the error reaches the caller of that query.
    this.pool.on('error', () => undefined);
  }

  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    const result = await this.pool.query(sql, params);
    return result.rows as T[];
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.end();
  }
}

@Module({ providers: [HeavyReads], exports: [HeavyReads] })
export class HeavyReadsModule {}
