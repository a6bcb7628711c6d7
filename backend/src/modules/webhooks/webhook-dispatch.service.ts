import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { QUEUES, WEBHOOK_JOBS, type WebhookDeliveryJob } from '../../common/queue/queues.js';
import { WebhookDeliveries } from './webhook-deliveries.repository.js';
import { WebhookScan } from './webhook-scan.service.js';

/** Deliveries one tick queues at most (the rest are due at the next). */
const QUEUE_PER_TICK = 500;
/** Ended deliveries are kept this long (the endpoint's list shows the latest 50). */
const KEEP_DAYS = 30;
const PRUNE_EVERY_MS = 3_600_000;

/**
 * The webhooks' tick (once per fleet, every WEBHOOK_TICK_MS): the scan turns new events into
 * deliveries, then each delivery due is queued as a job holding its id only. Retries are planned in
 * Postgres (`next_attempt_at`), so Redis losing its jobs loses no delivery: the next tick queues it again.
 */
@Injectable()
export class WebhookDispatch {
  private readonly logger = new Logger('WebhookDispatch');
  private prunedAt = 0;

  constructor(
    private readonly scan: WebhookScan,
    private readonly deliveries: WebhookDeliveries,
    @InjectQueue(QUEUES.WEBHOOKS) private readonly queue: Queue<WebhookDeliveryJob>,
  ) {}

  async tick(): Promise<{ added: number; queued: number }> {
    const added = await this.scan.scanAll();
    const due = await this.deliveries.due(QUEUE_PER_TICK);
    if (due.length > 0) {
      await this.queue.addBulk(
        due.map((d) => ({
          name: WEBHOOK_JOBS.DELIVER,
          data: { deliveryId: d.id },
          // One job per try: a second tick before it runs adds nothing.
          opts: {
            jobId: `webhook-${d.id}-${d.attempts}`,
            attempts: 1,
            removeOnComplete: { count: 1000 },
            removeOnFail: { count: 1000 },
          },
        })),
      );
    }
    if (Date.now() - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = Date.now();
      const pruned = await this.deliveries.prune(KEEP_DAYS, 5000);
      if (pruned > 0) this.logger.log(`Forgot ${pruned} webhook deliveries older than ${KEEP_DAYS} days`);
    }
    return { added, queued: due.length };
  }
}
