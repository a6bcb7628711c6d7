import { Injectable } from '@nestjs/common';
import { CompanyScope } from '../../common/database/company-scope.js';
import { AppError } from '../../common/errors/index.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { CompanyConnections, type MarketplaceConnection } from '../marketplace/index.js';

export interface UploadReadiness {
  /** True when rows sent now can be created on Faire. */
  canProcess: boolean;
  /** Why not, in words, naming who can fix it; null when rows can be processed. */
  reason: string | null;
  /** The company's connection as far as uploads care. */
  connection: 'CONNECTED' | 'FAILED' | 'NOT_CONNECTED';
}

/** A company ready for uploads: its connection's currency, which rows are shown in until sent. */
export interface ReadyConnection {
  currency: string;
}

/**
 * Whether the caller's company can have shipments created on Faire right now: its one connection
 * (decision 0014) exists and Faire has not refused it. An upload without one would only end in failed
 * rows, so the Upload tab says so and the server refuses before any row is read or stored, with what
 * this person can do about it (the admin connects or reconnects; a member asks the admin).
 */
@Injectable()
export class UploadReadinessService {
  constructor(private readonly connections: CompanyConnections) {}

  async check(caller: CompanyAuthContext): Promise<UploadReadiness> {
    return this.judge(caller, await this.connections.find(CompanyScope.of(caller)));
  }

  private judge(caller: CompanyAuthContext, c: MarketplaceConnection | null): UploadReadiness {
    const admin = caller.role === 'COMPANY_ADMIN';
    if (c?.status === 'CONNECTED') return { canProcess: true, reason: null, connection: 'CONNECTED' };
    if (c?.status === 'FAILED') {
      const what = `Faire refused the connection to ${c.brandName}, so shipments cannot be created.`;
      return {
        canProcess: false,
        connection: 'FAILED',
        reason: admin
          ? `${what} Reconnect Faire in Settings, then upload again.`
          : `${what} Ask your company admin to reconnect Faire, then upload again.`,
      };
    }
    return {
      canProcess: false,
      connection: 'NOT_CONNECTED',
      reason: admin
        ? 'Your company has no working Faire connection, so shipments cannot be created. Connect Faire in Settings, then upload.'
        : 'Your company has no working Faire connection, so shipments cannot be created. A company admin can connect Faire in Settings.',
    };
  }

  /** Throws 409 MARKETPLACE_NOT_CONNECTED (with the words above) when rows cannot be processed. */
  async assertReady(caller: CompanyAuthContext): Promise<ReadyConnection> {
    const c = await this.connections.find(CompanyScope.of(caller));
    const r = this.judge(caller, c);
    if (!r.canProcess || !c) {
      throw new AppError('MARKETPLACE_NOT_CONNECTED', r.reason ?? undefined, { connection: r.connection });
    }
    return { currency: c.currency };
  }
}
