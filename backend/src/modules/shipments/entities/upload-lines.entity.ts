import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The cells of an uploaded file's rows as written, a page of up to 250 rows per row of the table
 * (rows 1-250 of the file are page 0, 251-500 page 1, ...), so the failed rows go back to the brand
 * as they wrote them (decision 0032). Migration 1764300002700.
 */
@Entity('upload_lines')
export class UploadLines {
  @PrimaryColumn({ name: 'upload_id', type: 'uuid' })
  uploadId: string;

  @PrimaryColumn({ name: 'page_no', type: 'integer' })
  pageNo: number;

  /** JSON: an array of [row number, cells] pairs, cells JSON-escaped so any text (NUL too) fits. */
  @Column({ type: 'text' })
  rows: string;
}
