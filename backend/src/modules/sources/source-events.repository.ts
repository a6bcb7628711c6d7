import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/**
 * Webhook deliveries waiting to be read (`source_events`, decision 0036): one pending row per resource,
 * so a duplicated delivery is absorbed; done once read, or kept with the refusal when the source refused
 * to answer it (decision 0065).
 */
@Injectable()
export class SourceEvents {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** A delivery to read; false when the same resource is already waiting (a duplicated webhook). */
  async add(connectionId: string, resourceUrl: string, resourceType: string): Promise<boolean> {
    const rows = await this.db.query<unknown[]>(
      `INSERT INTO source_events (connection_id, resource_url, resource_type) VALUES ($1, $2, $3)
       ON CONFLICT (connection_id, resource_url) WHERE done_at IS NULL DO NOTHING RETURNING id`,
      [connectionId, resourceUrl, resourceType],
    );
    return rows.length > 0;
  }

  pending(connectionId: string): Promise<{ id: string; resource_url: string; resource_type: string }[]> {
    return this.db.query(
      `SELECT id, resource_url, resource_type FROM source_events
        WHERE connection_id = $1 AND done_at IS NULL ORDER BY received_at LIMIT 100`,
      [connectionId],
    );
  }

  async done(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.query('UPDATE source_events SET done_at = now() WHERE id = ANY($1::uuid[])', [ids]);
  }

  /** The source refused to answer a delivery's resource: kept with the refusal, never read again. */
  async refused(id: string, refusal: string): Promise<void> {
    await this.db.query(
      'UPDATE source_events SET done_at = now(), refused_at = now(), refusal = $2 WHERE id = $1',
      [id, refusal.slice(0, 500)],
    );
  }
}
