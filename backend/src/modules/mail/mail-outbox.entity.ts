import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Every email the product sends, kept so a development install can show them (no SMTP needed). */
@Entity('mail_outbox')
export class MailOutbox {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid', nullable: true })
  companyId: string | null;

  @Column({ name: 'to_email', type: 'citext' })
  toEmail: string;

  @Column({ type: 'text' })
  subject: string;

  @Column({ name: 'body_text', type: 'text' })
  bodyText: string;

  @Column({ type: 'text', nullable: true })
  link: string | null;

  @Column({ type: 'text' })
  transport: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
