import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { WorkerHost } from '@nestjs/bullmq';
import { APP_CONFIG, type AppConfig } from '../config/index.js';
import { Shutdown } from '../shutdown.js';

/**
 * On shutdown, first raises the shutdown flag: running jobs start no new Faire call or slice and hand
 * themselves back to the queue (handBack), waits for rate-limit slots end at once. Then each worker is
 * closed (it takes no new job) and given at most SHUTDOWN_TIMEOUT_MS for what is in flight (one Faire
 * call per job at most), then forced closed. A job cut off this way is picked up again as stalled;
 * processing code is written for that.
 */
@Injectable()
export class WorkerShutdown implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Shutdown');

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly shutdown: Shutdown,
  ) {}

  async beforeApplicationShutdown(signal?: string): Promise<void> {
    this.shutdown.begin();
    const hosts = this.discovery
      .getProviders()
      .map((w) => w.instance as unknown)
      .filter((i): i is WorkerHost => i instanceof WorkerHost);
    await Promise.all(
      hosts.map(async (host) => {
        let worker;
        try {
          worker = host.worker;
        } catch {
          return; // never started (api-only mode)
        }
        let timer: NodeJS.Timeout | undefined;
        const timedOut = new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), this.config.shutdownTimeoutMs);
        });
        const result = await Promise.race([worker.close().then(() => 'closed' as const), timedOut]);
        clearTimeout(timer);
        if (result === 'timeout') {
          this.logger.warn(
            `Worker ${worker.name} did not finish within ${this.config.shutdownTimeoutMs} ms; forcing close`,
          );
          await worker.close(true);
        }
      }),
    );
    if (hosts.length) this.logger.log(`Workers closed${signal ? ` after ${signal}` : ''}`);
  }
}
