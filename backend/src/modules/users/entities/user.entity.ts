import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The identity provider's subject id: users are keyed by it, not by email. */
  @Column({ name: 'google_sub', type: 'text', nullable: true, unique: true })
  googleSub: string | null;

  @Column({ type: 'citext', unique: true })
  email: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'last_sign_in_at', type: 'timestamptz', nullable: true })
  lastSignInAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
