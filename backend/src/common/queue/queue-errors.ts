import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { WorkerHost } from '@nestjs/bullmq';
import { Queue, type Worker } from 'bullmq';

/** The same connection error is logged once per this many milliseconds per queue or worker. */
const QUIET_MS = 30_000;

/**
 * Every BullMQ queue and worker gets an `error` listener: without one, BullMQ prints each failed
 * reconnect to stderr while Redis is away. Here a lost connection is one warning (per queue or worker,
 * at most every 30 s) in the JSON log; ioredis keeps reconnecting on its own, and Postgres keeps every
 * row, so nothing is lost while Redis is down (decision 0006).
 */
@Injectable()
export class QueueErrorLog implements OnApplicationBootstrap {
  private readonly logger = new Logger('Queues');

  constructor(private readonly discovery: DiscoveryService) {}

  onApplicationBootstrap(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as unknown;
      if (instance instanceof Queue) this.watch(`queue ${instance.name}`, instance);
      else if (instance instanceof WorkerHost) {
        let worker: Worker;
        try {
          worker = (instance as WorkerHost<Worker>).worker;
        } catch {
          continue; // not started (api-only mode)
        }
        this.watch(`worker ${worker.name}`, worker);
      }
    }
  }

  private watch(
    what: string,
    emitter: { on(event: 'error', listener: (err: Error) => void): unknown },
  ): void {
    let last = 0;
    emitter.on('error', (err: Error) => {
      const now = Date.now();
      if (now - last < QUIET_MS) return;
      last = now;
      this.logger.warn(`Redis trouble for ${what}: ${err.message} (retrying)`);
    });
  }
}
