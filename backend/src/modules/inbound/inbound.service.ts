import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { CompanyScope } from '../../common/database/company-scope.js';
import { AppError } from '../../common/errors/index.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { ActivityService } from '../activity/index.js';
import { mailAddress, mailTokenHash, newMailToken, normaliseSender } from './inbound-address.js';
import type { InboundView } from './inbound.dto.js';
import { InboundRecords } from './inbound.repository.js';
import { SftpLogins } from './sftp/sftp-login.service.js';

/**
 * The Inbound card's flows (decision 0069): the company's mail-in address, shown to its admins, made or
 * made anew (the old address stops at once), and the senders allowed to use it. Both changes go to the
 * activity log, never the token.
 */
@Injectable()
export class InboundService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly records: InboundRecords,
    private readonly box: SecretBox,
    private readonly activity: ActivityService,
    private readonly sftp: SftpLogins,
  ) {}

  async read(caller: CompanyAuthContext): Promise<InboundView> {
    const mailbox = await this.records.mailbox(CompanyScope.of(caller));
    const sftp = await this.sftp.read(caller);
    if (!mailbox) return { mailAddress: null, allowedSenders: [], sftp };
    const token = this.box.open(mailbox.tokenSealed, mailbox.companyId);
    return {
      mailAddress: mailAddress(token, this.config.inbound.mailDomain),
      allowedSenders: mailbox.allowedSenders,
      sftp,
    };
  }

  /** A new address (the first one, or one in place of the old, which stops at once). */
  async regenerate(caller: CompanyAuthContext): Promise<InboundView> {
    const scope = CompanyScope.of(caller);
    const had = (await this.records.mailbox(scope)) !== null;
    const token = newMailToken();
    await this.records.setToken(scope, {
      hash: mailTokenHash(token),
      sealed: this.box.seal(token, caller.companyId),
    });
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action: had ? 'inbound.mail_address_regenerated' : 'inbound.mail_address_created',
      target: 'Mail-in address',
    });
    return this.read(caller);
  }

  async setAllowedSenders(caller: CompanyAuthContext, given: string[]): Promise<InboundView> {
    const senders: string[] = [];
    for (const value of given) {
      const sender = normaliseSender(value);
      if (!sender) {
        throw new AppError('VALIDATION_FAILED', `"${value.slice(0, 100)}" is not an email address`);
      }
      if (!senders.includes(sender)) senders.push(sender);
    }
    const scope = CompanyScope.of(caller);
    if (!(await this.records.setAllowedSenders(scope, senders))) {
      throw new AppError('NOT_FOUND', 'The company has no mail-in address yet: create one first');
    }
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action: 'inbound.allowed_senders_changed',
      target: 'Mail-in allowed senders',
      details: { allowedSenders: senders },
    });
    return this.read(caller);
  }

  /** Sets the SFTP login's password, or adds a public key to it (one of them per call). */
  async setSftp(
    caller: CompanyAuthContext,
    body: { password?: string; publicKey?: string },
  ): Promise<InboundView> {
    if ((body.password === undefined) === (body.publicKey === undefined)) {
      throw new AppError('VALIDATION_FAILED', 'Give either password or publicKey');
    }
    if (body.password !== undefined) await this.sftp.setPassword(caller, body.password);
    else await this.sftp.addKey(caller, body.publicKey!);
    return this.read(caller);
  }

  async removeSftpKey(caller: CompanyAuthContext, id: string): Promise<InboundView> {
    await this.sftp.removeKey(caller, id);
    return this.read(caller);
  }
}
