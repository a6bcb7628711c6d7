import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/index.js';
import { CompanyScope } from '../../../common/database/company-scope.js';
import { AppError } from '../../../common/errors/index.js';
import type { CompanyAuthContext } from '../../../common/http/auth-context.js';
import { ActivityService } from '../../activity/index.js';
import {
  hashSftpPassword,
  MAX_SFTP_PASSWORD,
  MIN_SFTP_PASSWORD,
  parseSftpPublicKey,
  sftpUsername,
} from './sftp-credentials.js';
import { SftpRecords } from './sftp.repository.js';

/** The SFTP part of the Inbound card: where to connect, and the login's password and keys. */
export interface SftpLoginView {
  host: string;
  port: number;
  username: string;
  hasPassword: boolean;
  keys: Array<{ id: string; type: string; fingerprint: string; comment: string; addedAt: Date }>;
}

/** The most public keys one login may have. */
export const MAX_SFTP_KEYS = 20;

/**
 * The Inbound card's SFTP flows (decision 0070): the company's login, its password (stored as an
 * scrypt hash) and its public keys. Every change goes to the activity log: a key by its fingerprint,
 * a password as set, never the password.
 */
@Injectable()
export class SftpLogins {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly records: SftpRecords,
    private readonly activity: ActivityService,
  ) {}

  async read(caller: Pick<CompanyAuthContext, 'companyId'>): Promise<SftpLoginView> {
    const scope = CompanyScope.of(caller);
    const login = await this.records.login(scope);
    const keys = login ? await this.records.keys(scope) : [];
    return {
      host: this.config.inbound.sftpHost,
      port: this.config.inbound.sftpPublicPort,
      username: login?.username ?? sftpUsername(caller.companyId),
      hasPassword: Boolean(login?.password_hash),
      keys: keys.map((k) => ({
        id: k.id,
        type: k.key_type,
        fingerprint: k.fingerprint,
        comment: k.comment,
        addedAt: k.created_at,
      })),
    };
  }

  async setPassword(caller: CompanyAuthContext, password: string): Promise<void> {
    if (password.length < MIN_SFTP_PASSWORD || password.length > MAX_SFTP_PASSWORD) {
      throw new AppError(
        'VALIDATION_FAILED',
        `The SFTP password must be ${MIN_SFTP_PASSWORD} to ${MAX_SFTP_PASSWORD} characters`,
      );
    }
    const scope = CompanyScope.of(caller);
    const had = Boolean((await this.records.login(scope))?.password_hash);
    await this.records.upsertLogin(scope, sftpUsername(caller.companyId), await hashSftpPassword(password));
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action: had ? 'inbound.sftp_password_changed' : 'inbound.sftp_password_set',
      target: 'SFTP login',
    });
  }

  async addKey(caller: CompanyAuthContext, text: string): Promise<void> {
    const key = parseSftpPublicKey(text);
    if (typeof key === 'string') throw new AppError('VALIDATION_FAILED', key);
    const scope = CompanyScope.of(caller);
    await this.records.upsertLogin(scope, sftpUsername(caller.companyId));
    if ((await this.records.keys(scope)).length >= MAX_SFTP_KEYS) {
      throw new AppError('VALIDATION_FAILED', `An SFTP login may have at most ${MAX_SFTP_KEYS} keys`);
    }
    if (!(await this.records.addKey(scope, key))) {
      throw new AppError('CONFLICT', `This key (${key.fingerprint}) is already added`);
    }
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action: 'inbound.sftp_key_added',
      target: 'SFTP login',
      details: { fingerprint: key.fingerprint, comment: key.comment },
    });
  }

  async removeKey(caller: CompanyAuthContext, id: string): Promise<void> {
    const fingerprint = await this.records.removeKey(CompanyScope.of(caller), id);
    if (!fingerprint) throw new AppError('NOT_FOUND', 'No such SFTP key');
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action: 'inbound.sftp_key_removed',
      target: 'SFTP login',
      details: { fingerprint },
    });
  }
}
