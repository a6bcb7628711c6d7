import { IsOptional, IsString, Matches } from 'class-validator';
import { WebhooksEnv } from './webhooks.env.js';
import { WholeNumber } from './whole-number.js';

/**
 * The mail-in receiver (decision 0069): the port it listens on (0: any free port, for tests), the
 * domain of the companies' addresses, the certificate and key files that turn on STARTTLS, how long
 * the reply to a sender waits for the rows to reach Faire, and the limits: messages per company address
 * an hour, connections per client address a minute.
 */
export class InboundEnv extends WebhooksEnv {
  @WholeNumber(0, 65535, 'between')
  INBOUND_SMTP_PORT = 2525;

  @Matches(
    /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i,
    {
      message: 'INBOUND_MAIL_DOMAIN must be a domain name such as inbound.example.com',
    },
  )
  INBOUND_MAIL_DOMAIN = 'inbound.localhost';

  @IsOptional()
  @IsString()
  INBOUND_SMTP_TLS_CERT?: string;

  @IsOptional()
  @IsString()
  INBOUND_SMTP_TLS_KEY?: string;

  @WholeNumber(0, 3_600_000, 'milliseconds')
  INBOUND_REPLY_WAIT_MS = 120_000;

  @WholeNumber(1, 100_000, 'between')
  INBOUND_MESSAGES_PER_HOUR = 60;

  @WholeNumber(1, 100_000, 'between')
  INBOUND_CONNECTIONS_PER_MINUTE = 30;
}
