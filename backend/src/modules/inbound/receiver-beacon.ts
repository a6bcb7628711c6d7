import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { hostname } from 'node:os';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { REDIS } from '../../common/queue/redis.module.js';

/** The receivers a worker process may run beside its queues. */
export type ReceiverKind = 'mail' | 'sftp';

/** A listening receiver says so this often; its mark lives three times as long. */
export const BEACON_EVERY_MS = 15_000;
const BEACON_TTL_MS = 3 * BEACON_EVERY_MS;

/**
 * Which receivers are listening, across the fleet (issue 37: the admin panel shows whether each is up).
 * A receiver runs in a worker process, never in the API process that answers the admin panel, so each
 * listening receiver keeps a short-lived mark in Redis (`<prefix>:receivers:<kind>:<host>:<pid>`,
 * refreshed every 15 s, gone 45 s after its process stops or at once when it closes); the panel counts
 * the marks. A mark holds the port only.
 */
@Injectable()
export class ReceiverBeacon implements OnApplicationShutdown {
  private readonly logger = new Logger('ReceiverBeacon');
  private readonly timers = new Map<ReceiverKind, NodeJS.Timeout>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private key(kind: ReceiverKind, self = true): string {
    const base = `${this.config.queuePrefix}:receivers:${kind}:`;
    return self ? `${base}${hostname()}:${process.pid}` : base;
  }

  /** A receiver of this process now listens on `port`: marked now and every 15 s until `down`. */
  up(kind: ReceiverKind, port: number): void {
    this.down(kind, false);
    const mark = () =>
      this.redis
        .set(this.key(kind), String(port), 'PX', BEACON_TTL_MS)
        .catch((err: Error) => this.logger.warn(`Could not mark the ${kind} receiver as up: ${err.message}`));
    void mark();
    const timer = setInterval(() => void mark(), BEACON_EVERY_MS);
    timer.unref();
    this.timers.set(kind, timer);
  }

  /** The receiver of this process stopped listening. */
  down(kind: ReceiverKind, clear = true): void {
    const timer = this.timers.get(kind);
    if (timer) clearInterval(timer);
    this.timers.delete(kind);
    if (clear) void this.redis.del(this.key(kind)).catch(() => undefined);
  }

  /** How many processes of the fleet listen for each kind now (0: the receiver is down). */
  async listening(): Promise<Record<ReceiverKind, number>> {
    const count = async (kind: ReceiverKind) => {
      let cursor = '0';
      let n = 0;
      do {
        const [next, keys] = await this.redis.scan(
          cursor,
          'MATCH',
          `${this.key(kind, false)}*`,
          'COUNT',
          100,
        );
        cursor = next;
        n += keys.length;
      } while (cursor !== '0');
      return n;
    };
    const [mail, sftp] = await Promise.all([count('mail'), count('sftp')]);
    return { mail, sftp };
  }

  onApplicationShutdown(): void {
    for (const kind of [...this.timers.keys()]) this.down(kind);
  }
}
