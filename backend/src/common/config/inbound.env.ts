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

  /** The SFTP drop (decision 0070): its port (0: any free port, for tests). */
  @WholeNumber(0, 65535, 'between')
  INBOUND_SFTP_PORT = 2222;

  /**
   * The SFTP server's host key: a private key (PEM or OpenSSH, `\n` for line breaks on one line). Unset:
   * one Ed25519 key is made once and kept sealed in Postgres, the same for every process and restart.
   */
  @IsOptional()
  @IsString()
  INBOUND_SFTP_HOST_KEY?: string;

  /** The host name the Inbound card shows for the SFTP drop. Unset: PUBLIC_URL's host. */
  @IsOptional()
  @Matches(/^[a-z0-9.-]{1,253}$/i, {
    message: 'INBOUND_SFTP_HOST must be a host name such as sftp.example.com',
  })
  INBOUND_SFTP_HOST?: string;

  /** The port the Inbound card shows (where the load balancer listens). Unset: INBOUND_SFTP_PORT. */
  @IsOptional()
  @WholeNumber(1, 65535, 'between')
  INBOUND_SFTP_PUBLIC_PORT?: number;

  /** How often a worker looks for SFTP uploads whose error file is due (ms). */
  @WholeNumber(50, 600_000, 'milliseconds')
  INBOUND_SFTP_TICK_MS = 2000;
}
