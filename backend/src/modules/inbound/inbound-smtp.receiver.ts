import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { MAX_FILE_BYTES } from '@portal/shipment-rules';
import { simpleParser } from 'mailparser';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { normaliseSender, tokenOfRecipient } from './inbound-address.js';
import { lettersFiles } from './inbound-files.js';
import { InboundLimits } from './inbound-limits.js';
import { InboundMailService } from './inbound-mail.service.js';
import { InboundReplies } from './inbound-replies.service.js';
import { ReceiverBeacon } from './receiver-beacon.js';

/** A whole message: the upload limit for its file once base64 has grown it, and room for the rest. */
export const MAX_MESSAGE_BYTES = Math.ceil((MAX_FILE_BYTES * 4) / 3) + 512 * 1024;
const MAX_CLIENTS = 50;

/** An SMTP answer: its code, and text that never names the address it refuses (it may hold a token). */
function smtpError(code: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode: code });
}

/**
 * The mail-in receiver (decision 0069): an SMTP server on INBOUND_SMTP_PORT, in the worker side of the
 * fleet (`WORKER_MODE=worker` or `all`), never in an API-only process. It accepts RCPT only for a live
 * company address (`shipments+<token>@INBOUND_MAIL_DOMAIN`, one per message) and refuses every other with
 * a 550; a message over MAX_MESSAGE_BYTES is refused with a 552; STARTTLS when a certificate is set.
 * A message's files are staged before the 250 answer, so an accepted message is never lost.
 */
@Injectable()
export class InboundSmtpReceiver implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('InboundSmtp');
  private server: SMTPServer | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly inbound: InboundMailService,
    private readonly replies: InboundReplies,
    private readonly beacon: ReceiverBeacon,
    private readonly limits: InboundLimits,
  ) {}

  /** The port it listens on (INBOUND_SMTP_PORT, or the one picked when that is 0); null when not listening. */
  port(): number | null {
    const address = this.server?.server.address() as AddressInfo | null | undefined;
    return address?.port ?? null;
  }

  async onApplicationBootstrap(): Promise<void> {
    const server = new SMTPServer(this.options());
    server.on('error', (err) => this.logger.warn(`SMTP connection error: ${err.message}`));
    this.server = server;
    try {
      await new Promise<void>((resolve, reject) => {
        server.server.once('error', reject);
        server.listen(this.config.inbound.smtpPort, () => {
          server.server.off('error', reject);
          resolve();
        });
      });
    } catch (err) {
      this.server = null;
      // Another worker on this host holds the port: it serves the mail, this process sends shipments.
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
      this.logger.warn(
        `Mail-in port ${this.config.inbound.smtpPort} is taken: this process does not receive mail`,
      );
      return;
    }
    this.beacon.up('mail', this.port()!);
    this.logger.log(`Mail-in receiver on port ${this.port()} for @${this.config.inbound.mailDomain}`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) this.beacon.down('mail');
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    await this.replies.stop();
  }

  private options(): SMTPServerOptions {
    const { tlsCertFile, tlsKeyFile, mailDomain } = this.config.inbound;
    if (Boolean(tlsCertFile) !== Boolean(tlsKeyFile)) {
      throw new Error('INBOUND_SMTP_TLS_CERT and INBOUND_SMTP_TLS_KEY must be set together');
    }
    const tls =
      tlsCertFile && tlsKeyFile ? { cert: readFileSync(tlsCertFile), key: readFileSync(tlsKeyFile) } : null;
    return {
      name: mailDomain,
      banner: 'Shipments mail-in',
      logger: false,
      authOptional: true,
      disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
      ...(tls ?? {}),
      size: MAX_MESSAGE_BYTES,
      maxClients: MAX_CLIENTS,
      socketTimeout: 60_000,
      closeTimeout: 10_000,
      onConnect: (session, callback) => {
        this.limits.connectionAllowed(session.remoteAddress).then(
          (allowed) =>
            callback(
              allowed
                ? undefined
                : smtpError(421, '4.7.0 Too many connections from your address: try again later'),
            ),
          () => callback(),
        );
      },
      onRcptTo: (address, session, callback) => {
        if (session.envelope.rcptTo.length >= 1) {
          callback(smtpError(452, '4.5.3 One recipient per message: send again for the others'));
          return;
        }
        const token = tokenOfRecipient(address.address, mailDomain);
        if (!token) {
          callback(smtpError(550, '5.1.1 No such mailbox'));
          return;
        }
        this.inbound.recipient(token).then(
          (found) =>
            callback(
              found === 'live'
                ? undefined
                : found === 'busy'
                  ? smtpError(452, '4.7.0 Too many messages to this address this hour: try again later')
                  : smtpError(550, '5.1.1 No such mailbox'),
            ),
          () => callback(smtpError(451, '4.3.0 Try again later')),
        );
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', () => callback(smtpError(451, '4.3.0 Try again later')));
        stream.on('end', () => {
          if ((stream as { sizeExceeded?: boolean }).sizeExceeded) {
            callback(smtpError(552, `5.3.4 Message over ${MAX_MESSAGE_BYTES} bytes`));
            return;
          }
          this.take(Buffer.concat(chunks), session.envelope).then(
            () => callback(),
            (err: unknown) => {
              const code = (err as { responseCode?: number }).responseCode;
              if (code && code >= 500) {
                callback(err as Error);
                return;
              }
              this.logger.error(
                { err },
                'A mail-in message could not be taken; the sender is asked to retry',
              );
              callback(smtpError(451, '4.3.0 Try again later'));
            },
          );
        });
      },
    };
  }

  private async take(
    raw: Buffer,
    envelope: { mailFrom: false | { address: string }; rcptTo: Array<{ address: string }> },
  ): Promise<void> {
    const token = tokenOfRecipient(envelope.rcptTo[0]?.address ?? '', this.config.inbound.mailDomain);
    if (!token) throw smtpError(550, '5.1.1 No such mailbox');
    const mail = await simpleParser(raw);
    const from = mail.from?.value[0]?.address ?? (envelope.mailFrom ? envelope.mailFrom.address : '');
    const sender = normaliseSender(from);
    if (!sender) throw smtpError(550, '5.1.7 The sender has no usable address');
    const outcome = await this.inbound.arrive({ token, sender, letter: lettersFiles(mail, raw) });
    if (outcome === 'no-mailbox') throw smtpError(550, '5.1.1 No such mailbox');
  }
}
