import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { ActivityService } from '../activity/index.js';
import { WebhookDeliveries } from './webhook-deliveries.repository.js';
import { WebhookEndpoints } from './webhook-endpoints.repository.js';
import { nextAttemptAt } from './webhook-retry.js';
import { sendWebhook, type SendResult } from './webhook-sender.js';

/** An endpoint whose every try has failed for this long is turned off. */
export const OFF_AFTER_FAILING_MS = 24 * 3_600_000;
export const TURNED_OFF_TEXT =
  'Turned off after every delivery failed for 24 hours. Check the endpoint, then turn it back on.';

/** Outcome of one try, or why none was made. */
export type Attempt = { tried: false } | ({ tried: true } & SendResult);

/**
 * One try of one delivery (decision 0068): taken in Postgres so one sender at a time tries it, signed
 * with the endpoint's secret opened only here, sent, and its outcome written: delivered, due again on
 * the retry schedule, or failed after a day. An endpoint failing every try for a day is turned off,
 * with a line in the activity log.
 */
@Injectable()
export class WebhookAttempts {
  private readonly logger = new Logger('WebhookAttempts');

  constructor(
    private readonly deliveries: WebhookDeliveries,
    private readonly endpoints: WebhookEndpoints,
    private readonly box: SecretBox,
    private readonly activity: ActivityService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async attempt(deliveryId: string): Promise<Attempt> {
    const { timeoutMs, allowPrivate } = this.config.webhooks;
    const claimed = await this.deliveries.claim(deliveryId, timeoutMs + 30_000);
    if (!claimed) return { tried: false };
    let result: SendResult;
    try {
      const secret = this.box.open(claimed.secret_ciphertext, claimed.endpoint_id);
      result = await sendWebhook({
        url: claimed.url,
        id: claimed.id,
        body: JSON.stringify(claimed.payload),
        secret,
        timeoutMs,
        allowPrivate,
      });
      if (result.response && result.response.includes(secret)) {
        result = { ...result, response: result.response.split(secret).join('[secret]') };
      }
    } catch (err) {
      this.logger.error({ err }, `Webhook delivery ${claimed.id} could not be prepared`);
      result = { ok: false, status: null, response: null, error: 'The delivery could not be signed' };
    }
    const now = this.clock.now();
    const attempts = claimed.attempts + 1;
    const next = result.ok ? null : nextAttemptAt(claimed.first_attempt_at ?? now, attempts, now);
    await this.deliveries.tried(claimed.id, {
      status: result.ok ? 'DELIVERED' : next ? 'PENDING' : 'FAILED',
      next,
      httpStatus: result.status,
      response: result.response,
      error: result.error,
    });
    if (result.ok) {
      await this.endpoints.succeeded(claimed.endpoint_id);
    } else {
      const off = await this.endpoints.failed(claimed.endpoint_id, OFF_AFTER_FAILING_MS, TURNED_OFF_TEXT);
      if (off) {
        await this.activity.record({
          actor: null,
          companyId: off.companyId,
          action: 'webhook.disabled',
          target: off.url,
          details: { endpointId: off.id, reason: TURNED_OFF_TEXT },
        });
      }
    }
    return { tried: true, ...result };
  }
}
