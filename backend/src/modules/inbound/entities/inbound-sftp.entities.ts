import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The SFTP drop's tables (decision 0070, migration 1764300006600). The drop reads and writes them with
 * raw SQL in `sftp/sftp.repository.ts`; these entities declare that the inbound module owns them.
 */

/** A company's SFTP login: its username (not secret) and its password's scrypt hash. */
@Entity('inbound_sftp_logins')
export class InboundSftpLogin {
  @PrimaryColumn({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ type: 'text' })
  username: string;

  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}

/** A public key that may log in to a company's drop (its OpenSSH line, never a private key). */
@Entity('inbound_sftp_keys')
export class InboundSftpKey {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'key_type', type: 'text' })
  keyType: string;

  @Column({ name: 'public_key', type: 'text' })
  publicKey: string;

  @Column({ type: 'text' })
  fingerprint: string;

  @Column({ type: 'text' })
  comment: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}

/** A file of a company's `inbox/` (held under a temporary name), `done/` or `error/`. */
@Entity('inbound_sftp_files')
export class InboundSftpFile {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ type: 'text' })
  folder: 'inbox' | 'done' | 'error';

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'bytea' })
  content: Buffer;

  @Column({ name: 'upload_id', type: 'uuid', nullable: true })
  uploadId: string | null;

  @Column({ name: 'modified_at', type: 'timestamptz', default: () => 'now()' })
  modifiedAt: Date;
}

/** An upload put into the drop whose error file is written once its rows are settled. */
@Entity('inbound_sftp_error_files')
export class InboundSftpErrorFile {
  @PrimaryColumn({ name: 'upload_id', type: 'uuid' })
  uploadId: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'received_at', type: 'timestamptz', default: () => 'now()' })
  receivedAt: Date;
}

/** The server's host key, sealed, when INBOUND_SFTP_HOST_KEY is not set (one row). */
@Entity('inbound_sftp_host_keys')
export class InboundSftpHostKey {
  @PrimaryColumn({ type: 'smallint' })
  id: number;

  @Column({ name: 'key_sealed', type: 'text' })
  keySealed: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}
