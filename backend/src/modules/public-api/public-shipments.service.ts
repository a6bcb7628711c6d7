import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { CompanyScope } from '../../common/database/company-scope.js';
import { AppError } from '../../common/errors/index.js';
import type { ApiKeyContext } from '../../common/http/auth-context.js';
import { ColumnMappingsService } from '../column-mappings/index.js';
import { CompanyConnections } from '../marketplace/index.js';
import { ingestCsv, PublicShipmentReads, ShipmentIntake, type IntakeRequest } from '../shipments/index.js';
import { IdempotencyKeys } from './idempotency-keys.repository.js';
import { decodeMicrosCursor, encodeMicrosCursor, pageLimit } from './cursor.js';
import type {
  PublicRowView,
  PublicShipmentsView,
  PublicShipmentView,
  PublicUploadView,
} from './public-api.dto.js';
import {
  jsonRows,
  MAX_POST_ROWS,
  readBody,
  readIdempotencyKey,
  readMoment,
  receivedRow,
  rowView,
  shipmentView,
  tooManyRows,
} from './public-input.js';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Another post holds the key: this one's staging rolls back and answers as that one did. */
class KeyTaken extends Error {}

/**
 * The public shipments API (decision 0067): rows posted by a tool go through the one intake like a
 * file's, each answered at once (accepted, refused with the rule's code and words, or a duplicate of
 * which shipment); the accepted ones are then sent to Faire exactly once, as every source's are.
 */
@Injectable()
export class PublicShipmentsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly intake: ShipmentIntake,
    private readonly reads: PublicShipmentReads,
    private readonly keys: IdempotencyKeys,
    private readonly connections: CompanyConnections,
    private readonly clock: Clock,
    private readonly mappings: ColumnMappingsService,
  ) {}

  /**
   * A post: a JSON array of rows, or a CSV file's bytes (`text/csv`, read as an uploaded file is, the
   * company's saved mappings applied). Staged with its `Idempotency-Key` in one commit, then answered.
   */
  async post(caller: ApiKeyContext, body: unknown, idempotencyKey: unknown): Promise<PublicUploadView> {
    const scope = CompanyScope.ofApiKey(caller);
    const key = readIdempotencyKey(idempotencyKey);
    const csv = Buffer.isBuffer(body) ? body : null;
    const rows = csv ? null : readBody(body);
    const bodyHash = createHash('sha256')
      .update(csv ?? JSON.stringify(rows))
      .digest('hex');
    const now = this.clock.now();
    if (key) {
      const earlier = await this.keys.find(scope, key, now);
      if (earlier) return this.replay(scope, earlier, bodyHash);
    }
    const connection = await this.connections.find(scope);
    if (connection?.status !== 'CONNECTED') {
      throw new AppError(
        'MARKETPLACE_NOT_CONNECTED',
        'The company has no working Faire connection, so shipments cannot be created: a company admin connects Faire in Settings',
      );
    }
    const currency = connection.currency ?? 'USD';
    const request: IntakeRequest = {
      scope,
      sender: { apiKeyId: caller.keyId },
      sourceKind: 'API',
      name: caller.keyName,
      rows: [],
      currency,
    };
    if (csv) {
      Object.assign(request, await this.readCsv(caller, csv, { currency, locale: connection.locale }));
    } else {
      const { typed, refused } = jsonRows(rows!, currency);
      request.rows = [...this.intake.typedRows(typed), ...refused].sort((a, b) => a.rowNumber - b.rowNumber);
    }
    let staged;
    try {
      staged = await this.db.transaction(async (tx) => {
        const s = await this.intake.stage(tx, request);
        // The key is taken in the same commit as the rows: a post that committed is never staged twice.
        const claim = { key: key!, bodyHash, uploadId: s.uploadId, apiKeyId: caller.keyId, now };
        if (key && !(await this.keys.claim(tx, scope, claim))) throw new KeyTaken();
        return s;
      });
    } catch (err) {
      if (!(err instanceof KeyTaken)) throw err;
      const earlier = await this.keys.find(scope, key!, now);
      if (!earlier) throw new AppError('CONFLICT', 'The same Idempotency-Key is being used: try again');
      return this.replay(scope, earlier, bodyHash);
    }
    await this.intake.finish(staged);
    return this.uploadView(scope, staged.uploadId, false);
  }

  /** A CSV body read as an uploaded file is: encodings, delimiters, date orders, saved mappings. */
  private async readCsv(
    caller: ApiKeyContext,
    bytes: Buffer,
    brand: { currency: string; locale: string | null },
  ): Promise<Pick<IntakeRequest, 'rows' | 'file'>> {
    const reading = {
      currency: brand.currency,
      dateOrder: { remembered: await this.mappings.dateOrder(caller), locale: brand.locale },
    };
    let ingest = await ingestCsv(bytes, undefined, this.clock.now(), reading);
    if (ingest.missingColumns.length) {
      const saved = await this.mappings.find(caller, ingest.headers);
      if (saved) ingest = await ingestCsv(bytes, saved, this.clock.now(), reading);
    }
    if (ingest.missingColumns.length) {
      throw new AppError(
        'VALIDATION_FAILED',
        `Missing required columns: ${ingest.missingColumns.join(', ')}. Send the header order_id,tracking_number,carrier,ship_date,shipping_cost, or upload a file with these columns once in the portal and map them: the mapping is then applied to posts too.`,
        { missingColumns: ingest.missingColumns, detectedHeaders: ingest.headers },
      );
    }
    if (ingest.totalRows === 0) throw new AppError('VALIDATION_FAILED', 'The body has no data rows');
    if (ingest.totalRows > MAX_POST_ROWS) throw tooManyRows(ingest.totalRows);
    return {
      rows: ingest.rows,
      file: {
        size: bytes.length,
        encoding: ingest.encoding,
        delimiter: ingest.delimiter,
        mapping: ingest.mapping ?? null,
        layout: ingest.layout,
      },
    };
  }

  async upload(caller: ApiKeyContext, uploadId: string): Promise<PublicUploadView> {
    return this.uploadView(CompanyScope.ofApiKey(caller), uploadId, false);
  }

  async shipment(caller: ApiKeyContext, id: string): Promise<PublicShipmentView> {
    const row = UUID.test(id) ? await this.reads.shipment(CompanyScope.ofApiKey(caller), id) : undefined;
    if (!row) throw new AppError('NOT_FOUND', 'Shipment not found');
    return shipmentView(row);
  }

  /** The company's shipments changed since a moment, in the order they changed, page by page. */
  async changed(
    caller: ApiKeyContext,
    q: { updatedSince?: unknown; cursor?: unknown; limit?: unknown },
  ): Promise<PublicShipmentsView> {
    const since = readMoment(q.updatedSince);
    const size = pageLimit(q.limit, 100, 500);
    const after = decodeMicrosCursor(q.cursor);
    const rows = await this.reads.changedSince(CompanyScope.ofApiKey(caller), {
      since,
      after,
      limit: size + 1,
    });
    const page = rows.slice(0, size);
    const last = page[page.length - 1];
    return {
      shipments: page.map(shipmentView),
      nextCursor:
        rows.length > size && last ? encodeMicrosCursor({ micros: last.changed_micros, id: last.id }) : null,
    };
  }

  private async replay(
    scope: CompanyScope,
    earlier: { bodyHash: string; uploadId: string },
    bodyHash: string,
  ): Promise<PublicUploadView> {
    if (earlier.bodyHash !== bodyHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return this.uploadView(scope, earlier.uploadId, true);
  }

  private async uploadView(
    scope: CompanyScope,
    uploadId: string,
    replayed: boolean,
  ): Promise<PublicUploadView> {
    const upload = UUID.test(uploadId) ? await this.reads.upload(scope, uploadId) : undefined;
    if (!upload) throw new AppError('NOT_FOUND', 'Upload not found');
    const { total, rows } = await this.reads.rows(upload, { limit: MAX_POST_ROWS, offset: 0 });
    const out = rows.map(rowView);
    // A post's rows are numbered 1..n. Those not yet turned into shipments (a big post, or one whose
    // process stopped after the commit) are stored, and answered as received.
    if (upload.source === 'API' && out.length < upload.total_rows) {
      const known = new Set(out.map((r) => r.row));
      for (let row = 1; row <= upload.total_rows; row++) if (!known.has(row)) out.push(receivedRow(row));
      out.sort((a, b) => a.row - b.row);
    }
    const count = (o: PublicRowView['outcome']) => out.filter((r) => r.outcome === o).length;
    return {
      uploadId: upload.id,
      source: upload.source,
      name: upload.file_name,
      createdAt: upload.created_at.toISOString(),
      replayed,
      accepted: count('accepted'),
      refused: count('refused'),
      duplicates: count('duplicate'),
      total: Math.max(total, out.length),
      rows: out,
    };
  }
}
