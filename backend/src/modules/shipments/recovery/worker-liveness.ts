import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { APP_CONFIG, type AppConfig } from '../../../common/config/index.js';
import { REDIS } from '../../../common/queue/redis.module.js';

/**
 * This process's name among the workers: the shipments worker is named after it (BullMQ records it on
 * every job it takes, `processedBy`) and its account permits carry it. Host and pid first, so whoever
 * looks at a job or a Redis connection sees which process holds it; a random part keeps a restarted
 * process (same pid in a new container) apart from its predecessor.
 */
export const WORKER_PROCESS_ID = `${hostname()
  .replace(/[^A-Za-z0-9._-]/g, '_')
  .slice(0, 63)}-${process.pid}-${randomUUID().slice(0, 8)}`;

/**
 * Which worker processes are alive, from Redis's own list of connections: each worker keeps one
 * connection named `<prefix>:live:<process id>` open from before it takes its first job until it has
 * stopped. A process killed with -9 loses its connections at once (the kernel closes its sockets), so
 * its jobs are known to be nobody's without waiting for their locks to lapse (decision 0021).
 */
@Injectable()
export class WorkerLiveness implements OnApplicationShutdown {
  private readonly logger = new Logger('WorkerLiveness');
  private connection?: Redis;
  private listRefused = false;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get namePrefix(): string {
    return `${this.config.queuePrefix}:live:`;
  }

  /** Opens the named connection (again on every reconnect: ioredis re-sends the name). */
  async start(): Promise<void> {
    if (this.connection) return;
    this.connection = this.redis.duplicate({ connectionName: this.namePrefix + WORKER_PROCESS_ID });
    await this.connection.ping();
  }

  /**
   * The ids of the worker processes alive now (this one included), or null when Redis does not list
   * its connections (some managed services disable CLIENT LIST): then nobody is taken for dead and
   * BullMQ's lock expiry alone recovers their jobs.
   */
  async alive(): Promise<Set<string> | null> {
    let list: string;
    try {
      list = String(await this.redis.call('CLIENT', 'LIST'));
    } catch (err) {
      this.logger.warn(
        `Cannot list Redis connections (${(err as Error).message}); dead workers wait for their locks`,
      );
      return null;
    }
    const ids = new Set<string>([WORKER_PROCESS_ID]);
    for (const line of list.split('\n')) {
      const name = /(?:^| )name=(\S+)/.exec(line)?.[1];
      if (name?.startsWith(this.namePrefix)) ids.add(name.slice(this.namePrefix.length));
    }
    return ids;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
