import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type CompanyScope, ScopedRepository, scopedQuery } from '../../common/database/company-scope.js';
import { DigestSend } from './entities/digest-send.entity.js';

/** The only code that touches `digest_sends`, always inside the transaction that sends. */
@Injectable()
export class DigestSendsRepository {
  /**
   * Claims the company's digest of a day: true when this transaction took it, false when another
   * already had (a concurrent claim waits on the row until that transaction ends).
   */
  async claim(scope: CompanyScope, day: string, m: EntityManager): Promise<boolean> {
    const claimed = await scopedQuery<unknown[]>(
      m,
      scope,
      `INSERT INTO digest_sends (company_id, day, recipients, orders) VALUES ($1, $2, 0, 0)
       ON CONFLICT (company_id, day) DO NOTHING RETURNING day`,
      [day],
    );
    return claimed.length > 0;
  }

  /** Records what the claimed digest said and to how many. */
  async recordSent(
    scope: CompanyScope,
    day: string,
    sent: { recipients: number; orders: number },
    m: EntityManager,
  ): Promise<void> {
    await new ScopedRepository(m.getRepository(DigestSend)).update(scope, { day }, sent);
  }
}
