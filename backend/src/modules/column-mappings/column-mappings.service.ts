import { Injectable } from '@nestjs/common';
import {
  fingerprintHeaders,
  mappingLookupHeaders,
  headerFingerprint,
  mappingFitsHeaders,
  type ColumnMapping,
  type DateOrder,
  type DateOrderDecision,
} from '@portal/shipment-rules';
import { CompanyScope } from '../../common/database/company-scope.js';
import { AppError } from '../../common/errors/index.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import type { SavedMappingDto } from './column-mappings.dto.js';
import { ColumnMappingsRepository } from './column-mappings.repository.js';
import type { SavedColumnMapping } from './entities/saved-column-mapping.entity.js';

const view = (r: SavedColumnMapping): SavedMappingDto => ({
  id: r.id,
  fingerprint: r.fingerprint,
  headers: r.headers,
  mapping: r.mapping,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt.toISOString(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A company's remembered column mappings, one per set of headers, and the date order its files settled. Always read and written in the
 * caller's company scope: a mapping never leaks to another company.
 */
@Injectable()
export class ColumnMappingsService {
  constructor(private readonly repo: ColumnMappingsRepository) {}

  async list(caller: CompanyAuthContext): Promise<{ mappings: SavedMappingDto[] }> {
    const rows = await this.repo.list(CompanyScope.of(caller));
    return { mappings: rows.map(view) };
  }

  async remove(caller: CompanyAuthContext, id: string): Promise<{ ok: true }> {
    if (!UUID.test(id)) throw new AppError('NOT_FOUND', 'Saved mapping not found');
    if (!(await this.repo.remove(CompanyScope.of(caller), id))) {
      throw new AppError('NOT_FOUND', 'Saved mapping not found');
    }
    return { ok: true };
  }

  /** Remembers the mapping a person chose for these headers (the latest choice wins). */
  async remember(
    caller: CompanyAuthContext,
    headers: readonly string[],
    mapping: ColumnMapping,
  ): Promise<void> {
    if (!mappingFitsHeaders(mapping, headers)) return;
    await this.repo.upsert(CompanyScope.of(caller), {
      fingerprint: headerFingerprint(headers),
      headers: fingerprintHeaders(headers),
      mapping,
      createdBy: caller.userId,
    });
  }

  /**
   * The company's saved mapping for these headers, when there is one that still reads them. A failed-rows
   * file's reason column at the end is left out when the headers as they are have none (decision 0032),
   * so the brand's own file, fixed and uploaded again, is read the way the first one was.
   */
  async find(
    caller: Pick<CompanyAuthContext, 'companyId'>,
    headers: readonly string[],
  ): Promise<ColumnMapping | null> {
    const scope = CompanyScope.of(caller);
    for (const candidate of mappingLookupHeaders(headers)) {
      const row = await this.repo.findByFingerprint(scope, headerFingerprint(candidate));
      if (!row || !mappingFitsHeaders(row.mapping, candidate)) continue;
      await this.repo.touch(scope, row.id);
      return row.mapping;
    }
    return null;
  }

  /** The date order the company's files were last read in when one settled it (decision 0030). */
  dateOrder(caller: Pick<CompanyAuthContext, 'companyId'>): Promise<DateOrder | null> {
    return this.repo.dateOrder(CompanyScope.of(caller));
  }

  /** After a file is accepted: its dates settled the order (one way only), so the next file may use it. */
  async rememberDateOrder(caller: CompanyAuthContext, decision: Pick<DateOrderDecision, 'order' | 'source'>) {
    if (decision.source !== 'file' || decision.order === undefined) return;
    await this.repo.saveDateOrder(CompanyScope.of(caller), decision.order);
  }
}
