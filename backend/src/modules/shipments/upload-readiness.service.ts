import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/index.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { MarketplaceService } from '../marketplace/marketplace.service.js';

export interface UploadReadiness {
  /** True when rows sent now can be created on Faire. */
  canProcess: boolean;
  /** Why not, in words, naming who can fix it; null when rows can be processed. */
  reason: string | null;
}

/**
 * Whether the caller's company can have shipments created on Faire right now. An upload without a
 * working connection would only end in failed rows, so the Upload tab says so and the server refuses.
 */
@Injectable()
export class UploadReadinessService {
  constructor(private readonly marketplace: MarketplaceService) {}

  /** What the marketplace module knows of the company's connection: one CONNECTED account among its members. */
  private async companyHasWorkingFaireConnection(caller: CompanyAuthContext): Promise<boolean> {
    return (await this.marketplace.accountForCompany(caller.companyId, caller.userId)) !== null;
  }

  async check(caller: CompanyAuthContext): Promise<UploadReadiness> {
    if (await this.companyHasWorkingFaireConnection(caller)) return { canProcess: true, reason: null };
    return {
      canProcess: false,
      reason:
        caller.role === 'COMPANY_ADMIN'
          ? 'Your company has no working Faire connection, so shipments cannot be created. Connect Faire in Settings, then upload.'
          : 'Your company has no working Faire connection, so shipments cannot be created. A company admin can connect Faire in Settings.',
    };
  }

  /** Throws 409 MARKETPLACE_NOT_CONNECTED (with the words above) when rows cannot be processed. */
  async assertReady(caller: CompanyAuthContext): Promise<void> {
    const r = await this.check(caller);
    if (!r.canProcess) throw new AppError('MARKETPLACE_NOT_CONNECTED', r.reason ?? undefined);
  }
}
