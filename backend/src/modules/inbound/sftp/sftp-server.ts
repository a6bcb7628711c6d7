import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import ssh2, { type AuthContext, type Connection, type ParsedKey, type Server as SshServer } from 'ssh2';
import { APP_CONFIG, type AppConfig } from '../../../common/config/index.js';
import { SecretBox } from '../../../common/crypto/secret-box.js';
import { CompanyScope } from '../../../common/database/company-scope.js';
import { ed25519KeyPair, sftpPasswordMatches } from './sftp-credentials.js';
import { SftpDrop } from './sftp-drop.service.js';
import { SftpErrorFiles } from './sftp-error-files.service.js';
import { SftpSession } from './sftp-session.js';
import { SftpRecords } from './sftp.repository.js';
import { UploadBudget } from './upload-budget.js';
import { ReceiverBeacon } from '../receiver-beacon.js';

const { Server, utils } = ssh2;

const MAX_CONNECTIONS = 100;
/** Failed logins one connection may try before it is closed. */
const MAX_FAILED_LOGINS = 5;
/** Memory of one process for files being written: 16 files at the upload limit. */
const UPLOAD_BUDGET_BYTES = 16 * 15 * 1024 * 1024;
const HOST_KEY_AAD = 'inbound-sftp-host-key';

/**
 * The SFTP drop's server (decision 0070): ssh2's server on INBOUND_SFTP_PORT, in the worker side of the
 * fleet like the mail-in receiver, never in an API-only process. One login per company (a password or
 * an uploaded public key, whose signature is verified); a wrong password, a wrong key and an unknown
 * user are refused alike. Only the `sftp` subsystem is served (no shell, exec or forwarding). The host
 * key is INBOUND_SFTP_HOST_KEY, else one key kept sealed in Postgres, the same on every process.
 */
@Injectable()
export class InboundSftpServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('InboundSftp');
  private server: SshServer | null = null;
  private readonly clients = new Set<Connection>();
  private readonly budget = new UploadBudget(UPLOAD_BUDGET_BYTES);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly records: SftpRecords,
    private readonly drop: SftpDrop,
    private readonly errorFiles: SftpErrorFiles,
    private readonly box: SecretBox,
    private readonly beacon: ReceiverBeacon,
  ) {}

  /** The port it listens on (INBOUND_SFTP_PORT, or the one picked when that is 0); null when not listening. */
  port(): number | null {
    const address = this.server?.address() as AddressInfo | null | undefined;
    return address?.port ?? null;
  }

  /** The host key's public half in OpenSSH form, for a client that pins it. */
  async hostPublicKey(): Promise<string> {
    const { parsed } = await this.hostKey();
    return `${parsed.type} ${parsed.getPublicSSH().toString('base64')}`;
  }

  async onApplicationBootstrap(): Promise<void> {
    this.errorFiles.start();
    const { pem } = await this.hostKey();
    const server = new Server({ hostKeys: [pem], ident: 'portal-sftp' }, (client) => this.connected(client));
    server.maxConnections = MAX_CONNECTIONS;
    this.server = server;
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(this.config.inbound.sftpPort, () => {
          server.off('error', reject);
          resolve();
        });
      });
    } catch (err) {
      this.server = null;
      // Another worker on this host holds the port: it serves the drop, this process sends shipments.
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
      this.logger.warn(`SFTP port ${this.config.inbound.sftpPort} is taken: this process serves no SFTP`);
      return;
    }
    server.on('error', (err: Error) => this.logger.warn(`SFTP server error: ${err.message}`));
    this.beacon.up('sftp', this.port()!);
    this.logger.log(`SFTP drop on port ${this.port()}`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const c of this.clients) c.end();
    if (server) this.beacon.down('sftp');
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    await this.errorFiles.stop();
  }

  private hostKeyParsed: Promise<{ pem: string; parsed: ParsedKey }> | null = null;

  private hostKey(): Promise<{ pem: string; parsed: ParsedKey }> {
    this.hostKeyParsed ??= (async () => {
      const pem =
        this.config.inbound.sftpHostKey ??
        this.box.open(
          await this.records.hostKey(() => this.box.seal(ed25519KeyPair().private, HOST_KEY_AAD)),
          HOST_KEY_AAD,
        );
      const key = utils.parseKey(pem);
      if (key instanceof Error || Array.isArray(key) || !key.isPrivateKey()) {
        throw new Error('INBOUND_SFTP_HOST_KEY must be one unencrypted private key (PEM or OpenSSH)');
      }
      return { pem, parsed: key };
    })();
    return this.hostKeyParsed;
  }

  private connected(client: Connection): void {
    // Each SFTP request waits for its answer: without this, Nagle's algorithm holds a small answer back
    // until the client's delayed ACK (tens of ms a request; 28 s instead of 0.3 s for a 10 MB put).
    // (ssh2's server Connection has setNoDelay, as its Client does; @types/ssh2 omits it.)
    (client as Connection & { setNoDelay(noDelay: boolean): Connection }).setNoDelay(true);
    this.clients.add(client);
    let scope: CompanyScope | null = null;
    let failures = 0;
    client.on('error', (err: Error) => this.logger.debug(`SFTP connection error: ${err.message}`));
    client.on('close', () => this.clients.delete(client));
    client.on('authentication', (ctx: AuthContext) => {
      this.authenticate(ctx).then(
        (companyId) => {
          if (companyId) {
            // A key offered without a signature is only asked about: the login is not made yet.
            if (ctx.method === 'password' || (ctx.method === 'publickey' && ctx.signature)) {
              scope = CompanyScope.ofJob(companyId);
            }
            ctx.accept();
            return;
          }
          ctx.reject(['password', 'publickey']);
          if (ctx.method !== 'none' && ++failures >= MAX_FAILED_LOGINS) client.end();
        },
        (err: unknown) => {
          this.logger.error({ err }, 'SFTP login check failed');
          ctx.reject(['password', 'publickey']);
        },
      );
    });
    client.on('ready', () => {
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        session.on('sftp', (acceptSftp) => {
          if (!scope) return;
          new SftpSession(acceptSftp(), scope, this.records, this.drop, this.budget).attach();
        });
      });
    });
  }

  /**
   * The company a login attempt opens, or null. A password is compared (in constant time) with the
   * stored hash even when the user is unknown, so the time tells nothing; a public key must be one of
   * the company's and, when the client signs, its signature must verify. A key offered without a
   * signature (the client asking whether it would do) is answered as ssh does.
   */
  private async authenticate(ctx: AuthContext): Promise<string | null> {
    if (ctx.method !== 'password' && ctx.method !== 'publickey') return null;
    const login = ctx.username.length <= 64 ? await this.records.loginOf(ctx.username) : null;
    if (ctx.method === 'password') {
      const ok = await sftpPasswordMatches(ctx.password, login?.password_hash ?? null);
      return ok && login ? login.company_id : null;
    }
    if (!login) return null;
    const keys = await this.records.keys(CompanyScope.ofJob(login.company_id));
    for (const row of keys) {
      const key = utils.parseKey(row.public_key);
      if (key instanceof Error || Array.isArray(key)) continue;
      if (key.type !== ctx.key.algo || !key.getPublicSSH().equals(ctx.key.data)) continue;
      if (!ctx.signature || !ctx.blob) return login.company_id;
      return key.verify(ctx.blob, ctx.signature, ctx.hashAlgo) === true ? login.company_id : null;
    }
    return null;
  }
}
