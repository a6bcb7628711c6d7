import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * How an uploaded file was written (decision 0032): its byte order mark, its header row as written
 * (a JSON array of strings) and its line ending. Migration 1764300002700.
 */
@Entity('upload_layouts')
export class UploadLayout {
  @PrimaryColumn({ name: 'upload_id', type: 'uuid' })
  uploadId: string;

  @Column({ type: 'boolean', default: false })
  bom: boolean;

  @Column({ name: 'line_ending', type: 'text' })
  lineEnding: string;

  /** The header cells as written, JSON. */
  @Column({ type: 'text' })
  header: string;
}
