import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { CompanyScope } from '../../common/database/company-scope.js';
import { CompanyMembers, CompanyRecords } from '../companies/index.js';
import { MailService } from '../mail/index.js';
import { LateRateService, ProblemOrderReports } from '../orders/index.js';
import { digestMail } from './digest-mail.js';
import { DigestSendsRepository } from './digest-sends.repository.js';

export type DigestOutcome =
  | { sent: true; recipients: number; orders: number }
  | { sent: false; reason: 'already-sent' | 'nothing-new' | 'no-recipients' };

/** The UTC day of a date, as YYYY-MM-DD. */
export const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The daily digest: to each company admin who has not opted out, the problem orders that are new since
 * the last digest and the quarter's late-shipment rate; nothing when nothing is new. Once per company per
 * day whatever the number of workers: the (company, day) row of `digest_sends` is inserted in the
 * transaction that sends, so a second worker waits on it and then finds it taken (decision 0018).
 */
@Injectable()
export class DigestService {
  private readonly logger = new Logger('Digest');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sends: DigestSendsRepository,
    private readonly members: CompanyMembers,
    private readonly companies: CompanyRecords,
    private readonly problems: ProblemOrderReports,
    private readonly lateRates: LateRateService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Companies with at least one active admin who gets the digest (for the daily fan-out). */
  companiesWithRecipients(): Promise<string[]> {
    return this.members.companiesWithDigestRecipients();
  }

  async sendDaily(companyId: string, day: string): Promise<DigestOutcome> {
    const scope = CompanyScope.ofJob(companyId);
    const outcome = await this.db
      .transaction(async (tx) => {
        const claimed = await this.sends.claim(scope, day, tx);
        if (!claimed) return { sent: false, reason: 'already-sent' } as const;
        const recipients = await this.members.digestRecipients(scope, tx);
        const fresh = await this.problems.unreported(scope, tx);
        // Nothing to say, or nobody to say it to: roll the claim back, a later run today may still send.
        if (recipients.length === 0) throw new NoDigest('no-recipients');
        if (fresh.length === 0) throw new NoDigest('nothing-new');
        const rate = await this.lateRates.forCompany(scope);
        const companyName = await this.companies.name(scope, tx);
        const message = digestMail({
          companyName: companyName ?? 'your company',
          orders: fresh,
          rate,
          problemOrdersUrl: `${this.config.publicUrl.replace(/\/$/, '')}/problem-orders`,
          settingsUrl: `${this.config.publicUrl.replace(/\/$/, '')}/dashboard?tab=settings`,
        });
        for (const to of recipients) await this.mail.send({ ...message, to, companyId });
        await this.problems.markReported(scope, fresh, tx);
        await this.sends.recordSent(scope, day, { recipients: recipients.length, orders: fresh.length }, tx);
        return { sent: true, recipients: recipients.length, orders: fresh.length } as const;
      })
      .catch((err: unknown) => {
        if (err instanceof NoDigest) return { sent: false, reason: err.reason } as const;
        throw err;
      });
    this.logger.log(`Digest of company ${companyId} for ${day}: ${JSON.stringify(outcome)}`);
    return outcome;
  }
}

class NoDigest extends Error {
  constructor(readonly reason: 'nothing-new' | 'no-recipients') {
    super(reason);
  }
}
