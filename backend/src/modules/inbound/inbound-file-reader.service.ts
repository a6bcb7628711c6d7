import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import type { CompanyScope } from '../../common/database/company-scope.js';
import { AppError } from '../../common/errors/index.js';
import { ColumnMappingsService } from '../column-mappings/index.js';
import type { IntakeRequest, IntakeSenderRef } from '../shipments/index.js';
import { ingestCsv } from '../shipments/index.js';

/** The most rows one file may bring (the public API's post limit is smaller; the upload's is this). */
export const MAX_FILE_ROWS = 50_000;

/** A file that arrived by itself (mail or SFTP), read as an upload, or why it was refused. */
export interface ReadInboundFile {
  name: string;
  request: IntakeRequest | null;
  refused: string | null;
}

/** Where an arrived file came from: its source kind, its sender and what History names its upload. */
export interface InboundOrigin {
  sourceKind: 'EMAIL' | 'SFTP';
  sender: IntakeSenderRef;
  uploadName: string;
}

/**
 * Reads a file that arrived by itself (decisions 0069, 0070) as an uploaded file is read: encodings,
 * delimiters, date orders and the company's saved column mappings. A file whose columns no saved
 * mapping covers, with no data rows or with too many, is refused with the reason.
 */
@Injectable()
export class InboundFileReader {
  constructor(
    private readonly mappings: ColumnMappingsService,
    private readonly clock: Clock,
  ) {}

  async read(
    scope: CompanyScope,
    origin: InboundOrigin,
    file: { name: string; content: Buffer; refused?: string },
    brand: { currency: string; locale: string | null },
  ): Promise<ReadInboundFile> {
    const refuse = (why: string) => ({ name: file.name, request: null, refused: why });
    if (file.refused) return refuse(file.refused);
    const company = { companyId: scope.companyId };
    const reading = {
      currency: brand.currency,
      dateOrder: { remembered: await this.mappings.dateOrder(company), locale: brand.locale },
    };
    try {
      let ingest = await ingestCsv(file.content, undefined, this.clock.now(), reading);
      if (ingest.missingColumns.length) {
        const saved = await this.mappings.find(company, ingest.headers);
        if (saved) ingest = await ingestCsv(file.content, saved, this.clock.now(), reading);
      }
      if (ingest.missingColumns.length) {
        return refuse(
          `Missing required columns: ${ingest.missingColumns.join(', ')}. Upload a file with these columns once in the portal and map them: the mapping is then applied to files that arrive by mail or SFTP too.`,
        );
      }
      if (ingest.totalRows === 0) return refuse('The file has no data rows');
      if (ingest.totalRows > MAX_FILE_ROWS) {
        return refuse(`The file has ${ingest.totalRows} rows; at most ${MAX_FILE_ROWS} are taken at once`);
      }
      const request: IntakeRequest = {
        scope,
        sender: origin.sender,
        sourceKind: origin.sourceKind,
        name: origin.uploadName,
        rows: ingest.rows,
        currency: brand.currency,
        file: {
          size: file.content.length,
          encoding: ingest.encoding,
          delimiter: ingest.delimiter,
          mapping: ingest.mapping ?? null,
          layout: ingest.layout,
        },
      };
      return { name: file.name, request, refused: null };
    } catch (err) {
      if (err instanceof AppError) return refuse(err.message);
      throw err;
    }
  }
}
