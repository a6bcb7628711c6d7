import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { type CompanyScope, scopedQuery } from '../../../common/database/company-scope.js';
import { returningRows } from '../../../common/database/returning-rows.js';
import type { SftpFolder } from './sftp-paths.js';

export interface SftpLoginRow {
  company_id: string;
  username: string;
  password_hash: string | null;
}

export interface SftpKeyRow {
  id: string;
  key_type: string;
  public_key: string;
  fingerprint: string;
  comment: string;
  created_at: Date;
}

/** A file of a folder as listed: its name, size and time (its content is read apart). */
export interface SftpFileRow {
  name: string;
  size: number;
  modified_at: Date;
}

/** The SFTP drop's tables (decision 0070, migration 1764300006600). */
@Injectable()
export class SftpRecords {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The login of a username (the server's lookup, before any company is known). */
  async loginOf(username: string): Promise<SftpLoginRow | null> {
    const rows = await this.db.query<SftpLoginRow[]>(
      `SELECT company_id, username, password_hash FROM inbound_sftp_logins WHERE username = $1`,
      [username],
    );
    return rows[0] ?? null;
  }

  async login(scope: CompanyScope): Promise<SftpLoginRow | null> {
    const rows = await scopedQuery<SftpLoginRow[]>(
      this.db,
      scope,
      `SELECT company_id, username, password_hash FROM inbound_sftp_logins WHERE company_id = $1`,
    );
    return rows[0] ?? null;
  }

  /** Makes the company's login when it has none; sets its password hash when one is given. */
  async upsertLogin(scope: CompanyScope, username: string, passwordHash?: string): Promise<void> {
    await scopedQuery(
      this.db,
      scope,
      `INSERT INTO inbound_sftp_logins (company_id, username, password_hash) VALUES ($1, $2, $3)
       ON CONFLICT (company_id) DO UPDATE
         SET password_hash = COALESCE(excluded.password_hash, inbound_sftp_logins.password_hash),
             updated_at = now()`,
      [username, passwordHash ?? null],
    );
  }

  keys(scope: CompanyScope): Promise<SftpKeyRow[]> {
    return scopedQuery<SftpKeyRow[]>(
      this.db,
      scope,
      `SELECT id, key_type, public_key, fingerprint, comment, created_at
         FROM inbound_sftp_keys WHERE company_id = $1 ORDER BY created_at, id`,
    );
  }

  /** Adds a key; false when the company has it already. */
  async addKey(
    scope: CompanyScope,
    k: { type: string; openssh: string; fingerprint: string; comment: string },
  ): Promise<boolean> {
    const rows = await scopedQuery<unknown[]>(
      this.db,
      scope,
      `INSERT INTO inbound_sftp_keys (company_id, key_type, public_key, fingerprint, comment)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT ON CONSTRAINT inbound_sftp_keys_once DO NOTHING RETURNING id`,
      [k.type, k.openssh, k.fingerprint, k.comment],
    );
    return rows.length > 0;
  }

  /** Removes a key; its fingerprint, or null when the company has no such key. */
  async removeKey(scope: CompanyScope, id: string): Promise<string | null> {
    const result = await scopedQuery(
      this.db,
      scope,
      `DELETE FROM inbound_sftp_keys WHERE company_id = $1 AND id = $2 RETURNING fingerprint`,
      [id],
    );
    return returningRows<{ fingerprint: string }>(result)[0]?.fingerprint ?? null;
  }

  list(scope: CompanyScope, folder: SftpFolder): Promise<SftpFileRow[]> {
    return scopedQuery<SftpFileRow[]>(
      this.db,
      scope,
      `SELECT name, octet_length(content) AS size, modified_at FROM inbound_sftp_files
        WHERE company_id = $1 AND folder = $2 ORDER BY name LIMIT 10000`,
      [folder],
    );
  }

  async file(scope: CompanyScope, folder: SftpFolder, name: string): Promise<SftpFileRow | null> {
    const rows = await scopedQuery<SftpFileRow[]>(
      this.db,
      scope,
      `SELECT name, octet_length(content) AS size, modified_at FROM inbound_sftp_files
        WHERE company_id = $1 AND folder = $2 AND name = $3`,
      [folder, name],
    );
    return rows[0] ?? null;
  }

  async content(scope: CompanyScope, folder: SftpFolder, name: string): Promise<Buffer | null> {
    const rows = await scopedQuery<Array<{ content: Buffer }>>(
      this.db,
      scope,
      `SELECT content FROM inbound_sftp_files WHERE company_id = $1 AND folder = $2 AND name = $3`,
      [folder, name],
    );
    return rows[0]?.content ?? null;
  }

  /** Writes a file, in place of one of the same name in the folder (a 3PL sends "daily.csv" each day). */
  async put(
    db: DataSource | EntityManager,
    scope: CompanyScope,
    f: { folder: SftpFolder; name: string; content: Buffer; uploadId?: string | null },
  ): Promise<void> {
    await scopedQuery(
      db,
      scope,
      `INSERT INTO inbound_sftp_files (company_id, folder, name, content, upload_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ON CONSTRAINT inbound_sftp_files_name DO UPDATE
         SET content = excluded.content, upload_id = excluded.upload_id, modified_at = now()`,
      [f.folder, f.name, f.content, f.uploadId ?? null],
    );
  }

  /** Removes a file and returns its content: a held file is taken by the one call that removes it. */
  async take(
    db: DataSource | EntityManager,
    scope: CompanyScope,
    folder: SftpFolder,
    name: string,
  ): Promise<Buffer | null> {
    const result = await scopedQuery(
      db,
      scope,
      `DELETE FROM inbound_sftp_files WHERE company_id = $1 AND folder = $2 AND name = $3 RETURNING content`,
      [folder, name],
    );
    return returningRows<{ content: Buffer }>(result)[0]?.content ?? null;
  }

  /** Removes a file; false when there is none. */
  async remove(scope: CompanyScope, folder: SftpFolder, name: string): Promise<boolean> {
    return (await this.take(this.db, scope, folder, name)) !== null;
  }

  /** Renames a file within its folder (in place of one of the new name); false when there is none. */
  async rename(scope: CompanyScope, folder: SftpFolder, from: string, to: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await scopedQuery(
        tx,
        scope,
        `DELETE FROM inbound_sftp_files WHERE company_id = $1 AND folder = $2 AND name = $3 AND $3 <> $4`,
        [folder, to, from],
      );
      const result = await scopedQuery(
        tx,
        scope,
        `UPDATE inbound_sftp_files SET name = $4, modified_at = now()
          WHERE company_id = $1 AND folder = $2 AND name = $3 RETURNING id`,
        [folder, from, to],
      );
      return returningRows(result).length > 0;
    });
  }

  /** An upload whose error file is written once its rows are settled, in the transaction that stages it. */
  async awaitErrorFile(
    tx: EntityManager,
    scope: CompanyScope,
    uploadId: string,
    name: string,
  ): Promise<void> {
    await scopedQuery(
      tx,
      scope,
      `INSERT INTO inbound_sftp_error_files (company_id, upload_id, name) VALUES ($1, $2, $3)
       ON CONFLICT (upload_id) DO NOTHING`,
      [uploadId, name],
    );
  }

  /**
   * Runs `work` on up to `limit` uploads waiting for their error file, each row locked (others skip
   * it, so each is written by one process of the fleet); `work` returns whether it is done with it.
   */
  async eachAwaitingErrorFile(
    limit: number,
    work: (
      tx: EntityManager,
      row: { upload_id: string; company_id: string; name: string; received_at: Date },
    ) => Promise<boolean>,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const rows = await tx.query<
        Array<{ upload_id: string; company_id: string; name: string; received_at: Date }>
      >(
        `SELECT upload_id, company_id, name, received_at FROM inbound_sftp_error_files
          ORDER BY received_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [limit],
      );
      for (const row of rows) {
        if (await work(tx, row)) {
          await tx.query(`DELETE FROM inbound_sftp_error_files WHERE upload_id = $1`, [row.upload_id]);
        }
      }
    });
  }

  /** The server's stored host key, sealed; the one stored first when two processes make one at once. */
  async hostKey(makeSealed: () => string): Promise<string> {
    await this.db.query(
      `INSERT INTO inbound_sftp_host_keys (id, key_sealed) VALUES (1, $1) ON CONFLICT (id) DO NOTHING`,
      [makeSealed()],
    );
    const rows = await this.db.query<Array<{ key_sealed: string }>>(
      `SELECT key_sealed FROM inbound_sftp_host_keys WHERE id = 1`,
    );
    return rows[0]!.key_sealed;
  }
}
