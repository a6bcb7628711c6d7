import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  fingerprintHeaders,
  headerFingerprint,
  mappingFitsHeaders,
  type ColumnMapping,
} from '@portal/shipment-rules';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/errors/index.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';

export interface SavedMappingView {
  id: string;
  fingerprint: string;
  headers: string[];
  mapping: ColumnMapping;
  createdAt: string;
  lastUsedAt: string;
}

interface Row {
  id: string;
  fingerprint: string;
  headers: string[];
  mapping: ColumnMapping;
  created_at: Date;
  last_used_at: Date;
}

const view = (r: Row): SavedMappingView => ({
  id: r.id,
  fingerprint: r.fingerprint,
  headers: r.headers,
  mapping: r.mapping,
  createdAt: r.created_at.toISOString(),
  lastUsedAt: r.last_used_at.toISOString(),
});

/**
 * A company's remembered column mappings, one per set of headers. Always read and written with the
 * caller's company: a mapping never leaks to another company.
 */
@Injectable()
export class ColumnMappingsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async list(caller: CompanyAuthContext): Promise<{ mappings: SavedMappingView[] }> {
    const rows = await this.db.query<Row[]>(
      `SELECT id, fingerprint, headers, mapping, created_at, last_used_at FROM column_mappings
        WHERE company_id = $1 ORDER BY last_used_at DESC, id`,
      [caller.companyId],
    );
    return { mappings: rows.map(view) };
  }

  async remove(caller: CompanyAuthContext, id: string): Promise<{ ok: true }> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
      throw new AppError('NOT_FOUND', 'Saved mapping not found');
    }
    const rows = await this.db.query<{ id: string }[]>(
      'DELETE FROM column_mappings WHERE id = $1 AND company_id = $2 RETURNING id',
      [id, caller.companyId],
    );
    const deleted = Array.isArray(rows[0]) ? (rows[0] as unknown[]) : rows;
    if (deleted.length === 0) throw new AppError('NOT_FOUND', 'Saved mapping not found');
    return { ok: true };
  }

  /** Remembers the mapping a person chose for these headers (the latest choice wins). */
  async remember(
    caller: CompanyAuthContext,
    headers: readonly string[],
    mapping: ColumnMapping,
  ): Promise<void> {
    if (!mappingFitsHeaders(mapping, headers)) return;
    await this.db.query(
      `INSERT INTO column_mappings (company_id, fingerprint, headers, mapping, created_by)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (company_id, fingerprint)
       DO UPDATE SET mapping = EXCLUDED.mapping, headers = EXCLUDED.headers, last_used_at = now()`,
      [
        caller.companyId,
        headerFingerprint(headers),
        JSON.stringify(fingerprintHeaders(headers)),
        JSON.stringify(mapping),
        caller.userId,
      ],
    );
  }

  /** The company's saved mapping for these headers, when there is one that still reads them. */
  async find(caller: CompanyAuthContext, headers: readonly string[]): Promise<ColumnMapping | null> {
    const [row] = await this.db.query<{ id: string; mapping: ColumnMapping }[]>(
      'SELECT id, mapping FROM column_mappings WHERE company_id = $1 AND fingerprint = $2',
      [caller.companyId, headerFingerprint(headers)],
    );
    if (!row || !mappingFitsHeaders(row.mapping, headers)) return null;
    await this.db.query('UPDATE column_mappings SET last_used_at = now() WHERE id = $1', [row.id]);
    return row.mapping;
  }
}
