import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/**
 * An upload's way into shipments, as the worker and the recovery sweep see it (decision 0050): whether
 * this database has the upload, the mark that its staged slices are all shipments, and the uploads still
 * without that mark. The `uploads` table's other statements are the upload flow's.
 */
@Injectable()
export class UploadProgress {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Whether this database has the upload (a job naming one it does not have came from elsewhere). */
  async known(id: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query('SELECT 1 FROM uploads WHERE id = $1::uuid', [id]);
    return rows.length > 0;
  }

  /** The upload's staged slices are all shipments now (none left): it is materialized. */
  async markMaterialized(uploadId: string): Promise<void> {
    await this.db.query(
      `UPDATE uploads SET materialized_at = now()
        WHERE id = $1 AND materialized_at IS NULL AND NOT EXISTS (SELECT 1 FROM upload_batches WHERE upload_id = $1)`,
      [uploadId],
    );
  }

  /** Up to 100 uploads, oldest first, created over `olderThanMs` ago and not materialized yet. */
  unmaterialized(olderThanMs: number): Promise<{ id: string }[]> {
    return this.db.query(
      `SELECT id FROM uploads WHERE materialized_at IS NULL AND created_at < now() - ($1::int * interval '1 millisecond')
          ORDER BY created_at LIMIT 100`,
      [olderThanMs],
    );
  }
}
