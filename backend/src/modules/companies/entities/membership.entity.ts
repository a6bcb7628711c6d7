import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import { MEMBER_STATUSES, type MemberStatus } from '@portal/shipment-rules';
import type { CompanyRole } from '../../../common/http/auth-context.js';
import { User } from '../../users/index.js';

export { MEMBER_STATUSES, type MemberStatus };

@Entity('memberships')
export class Membership {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  @ManyToOne(() => User, { nullable: true })
  @JoinColumn({ name: 'user_id' })
  user: Relation<User> | null;

  @Column({ type: 'citext' })
  email: string;

  @Column({ type: 'text' })
  role: CompanyRole;

  @Column({ type: 'text' })
  status: MemberStatus;

  /** The member's opt-out of the daily digest (only admins receive it). */
  @Column({ name: 'daily_digest', type: 'boolean', default: true })
  dailyDigest: boolean;

  @Column({ name: 'invited_by', type: 'uuid', nullable: true })
  invitedBy: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
