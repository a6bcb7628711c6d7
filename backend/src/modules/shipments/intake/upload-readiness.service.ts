import { Injectable } from '@nestjs/common';
import type { DateOrder } from '@portal/shipment-rules';
import { CompanyScope } from '../../../common/database/company-scope.js';
import { AppError } from '../../../common/errors/index.js';
import type { CompanyAuthContext } from '../../../common/http/auth-context.js';
import { ColumnMappingsService } from '../../column-mappings/index.js';
import { CompanyConnections, type MarketplaceConnection } from '../../marketplace/index.js';

export interface UploadReadiness {
  /** True when rows sent now can be created on Faire. */
  canProcess: boolean;
  /** Why not, in words, naming who can fix it; null when rows can be processed. */
  reason: string | null;
  /** The company's connection as far as uploads care. */
  connection: 'CONNECTED' | 'FAILED' | 'NOT_CONNECTED';
}

/**
 * How the company's files are read (the browser reads them the same way before it sends anything):
 * costs in the brand's currency; dates that read both ways in the order the file settles, else the
 * company's remembered order, else the brand's locale's (decision 0030).
 */
export interface FileReadingContext {
  currency: string;
  locale: string | null;
  dateOrder: DateOrder | null;
}

/** A company ready for uploads: how its files are read (rows are shown in its currency until sent). */
export type ReadyConnection = FileReadingContext;

/**
 * Whether the caller's company can have shipments created on Faire right now: its one connection
 * (decision 0014) exists and Faire has not refused it. An upload without one would only end in failed
 * rows, so the Upload tab says so and the server refuses before any row is read or stored, with what
 * this person can do about it (the admin connects or reconnects; a member asks the admin).
 */
@Injectable()
export class UploadReadinessService {
  constructor(
    private readonly connections: CompanyConnections,
    private readonly mappings: ColumnMappingsService,
  ) {}

  async check(caller: CompanyAuthContext): Promise<UploadReadiness & FileReadingContext> {
    const c = await this.connections.find(CompanyScope.of(caller));
    return { ...this.judge(caller, c), ...(await this.reading(caller, c)) };
  }

  private async reading(
    caller: CompanyAuthContext,
    c: MarketplaceConnection | null,
  ): Promise<FileReadingContext> {
    return {
      currency: c?.currency ?? 'USD',
      locale: c?.locale ?? null,
      dateOrder: await this.mappings.dateOrder(caller),
    };
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
    return this.reading(caller, c);
  }
}
