import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { REDIS } from '../../common/queue/redis.module.js';
import { WindowCounter } from '../abuse/index.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/**
 * The mail-in receiver's limits (decision 0069), counted in Redis so they hold across a fleet:
 * connections per client address a minute, messages per company address an hour (a temporary SMTP
 * refusal, which a sending server retries later), and at most one refusal reply a day per company and
 * sender: the `From` of a message is not authenticated, so a reply that only says "not accepted" must
 * not become a way to send mail to anyone. Keys hold hashes, never an address or a token.
 */
@Injectable()
export class InboundLimits {
  private readonly counter: WindowCounter;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.counter = new WindowCounter(redis, config.queuePrefix);
  }

  /** A client's connection: false once it opened more than the limit this minute. */
  async connectionAllowed(clientAddress: string): Promise<boolean> {
    const { hits } = await this.counter.hit(`mail-in-ip:${hashOf(clientAddress)}`, MINUTE_MS);
    return hits <= this.config.inbound.connectionsPerMinute;
  }

  /** A message to a live address: false once the address took more than the limit this hour. */
  async messageAllowed(tokenHash: string): Promise<boolean> {
    const { hits } = await this.counter.hit(`mail-in-address:${tokenHash.slice(0, 32)}`, HOUR_MS);
    return hits <= this.config.inbound.messagesPerHour;
  }

  /** Whether a refusal reply may go to this sender now: the first of the day per company and sender. */
  async refusalReplyAllowed(companyId: string, sender: string): Promise<boolean> {
    const { hits } = await this.counter.hit(`mail-in-refusal:${companyId}:${hashOf(sender)}`, DAY_MS);
    return hits === 1;
  }
}
