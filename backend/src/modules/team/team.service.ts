import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { AppError } from '../../common/errors/index.js';
import type { AuthContext, CompanyAuthContext, CompanyRole } from '../../common/http/auth-context.js';
import { ActivityService } from '../activity/index.js';
import { AuthService, type CurrentUserView } from '../auth/index.js';
import { MailService } from '../mail/index.js';
import type { OutboxMessageView, TeamMemberView } from './dto/team.dto.js';
import { hashInvitationToken, newInvitationToken } from './invitation-token.js';

interface MemberRow {
  id: string;
  role: CompanyRole;
  status: 'ACTIVE' | 'INVITED' | 'PENDING';
  created_at: Date;
  email: string;
  user_id: string | null;
  user_name: string | null;
  expires_at: Date | null;
}

const NOT_FOUND = 'Team member not found';

@Injectable()
export class TeamService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly mail: MailService,
    private readonly activity: ActivityService,
    private readonly auth: AuthService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(caller: CompanyAuthContext): Promise<TeamMemberView[]> {
    const rows = await this.memberRows(this.db.manager, caller.companyId);
    return rows.map((r) => this.view(r, caller));
  }

  async invite(
    caller: CompanyAuthContext,
    email: string,
    role: CompanyRole = 'COMPANY_USER',
  ): Promise<TeamMemberView> {
    const normalized = email.trim().toLowerCase();
    const { token, hash } = newInvitationToken();
    const expiresAt = new Date(this.clock.nowMs() + this.config.invitationTtlMs);
    const memberId = await this.db.transaction(async (tx) => {
      const existing: { id: string; status: string }[] = await tx.query(
        'SELECT id, status FROM memberships WHERE company_id = $1 AND email = $2 FOR UPDATE',
        [caller.companyId, normalized],
      );
      if (existing[0]?.status === 'ACTIVE') {
        throw new AppError('CONFLICT', `${normalized} is already a member of this company`);
      }
      if (existing[0]) {
        throw new AppError(
          'CONFLICT',
          `${normalized} has already been invited: use Resend to send the invitation again`,
        );
      }
      const inserted: { id: string }[] = await tx.query(
        `INSERT INTO memberships (company_id, email, role, status, invited_by) VALUES ($1, $2, $3, 'INVITED', $4) RETURNING id`,
        [caller.companyId, normalized, role, caller.userId],
      );
      const id = inserted[0]!.id;
      await tx.query(
        `INSERT INTO invitations (membership_id, company_id, email, token_hash, expires_at) VALUES ($1, $2, $3, $4, $5)`,
        [id, caller.companyId, normalized, hash, expiresAt],
      );
      await this.activity.record(
        {
          actor: caller,
          companyId: caller.companyId,
          action: 'invitation.sent',
          target: normalized,
          details: { role },
        },
        tx,
      );
      return id;
    });
    await this.sendInvitation(caller, normalized, token);
    const rows = await this.memberRows(this.db.manager, caller.companyId, memberId);
    return this.view(rows[0]!, caller);
  }

  async resend(caller: CompanyAuthContext, memberId: string): Promise<{ ok: true }> {
    const { token, hash } = newInvitationToken();
    const expiresAt = new Date(this.clock.nowMs() + this.config.invitationTtlMs);
    const email = await this.db.transaction(async (tx) => {
      const member = await this.findMember(tx, caller.companyId, memberId);
      if (member.status !== 'INVITED') {
        throw new AppError('CONFLICT', 'Only pending invitations can be resent');
      }
      // Rotating the hash kills the old link.
      await tx.query(
        `UPDATE invitations SET token_hash = $1, expires_at = $2, sent_count = sent_count + 1, updated_at = now()
          WHERE membership_id = $3 AND accepted_at IS NULL`,
        [hash, expiresAt, memberId],
      );
      await this.activity.record(
        { actor: caller, companyId: caller.companyId, action: 'invitation.resent', target: member.email },
        tx,
      );
      return member.email;
    });
    await this.sendInvitation(caller, email, token);
    return { ok: true };
  }

  async remove(caller: CompanyAuthContext, memberId: string): Promise<{ ok: true }> {
    await this.db.transaction(async (tx) => {
      await this.lockCompany(tx, caller.companyId);
      const member = await this.findMember(tx, caller.companyId, memberId);
      if (member.status === 'ACTIVE' && member.role === 'COMPANY_ADMIN') {
        await this.assertAnotherAdmin(tx, caller.companyId, memberId, 'remove');
      }
      await tx.query('DELETE FROM memberships WHERE id = $1 AND company_id = $2', [
        memberId,
        caller.companyId,
      ]);
      await this.activity.record(
        {
          actor: caller,
          companyId: caller.companyId,
          action: 'member.removed',
          target: member.label,
          details: { status: member.status },
        },
        tx,
      );
    });
    return { ok: true };
  }

  async changeRole(caller: CompanyAuthContext, memberId: string, role: CompanyRole): Promise<TeamMemberView> {
    await this.db.transaction(async (tx) => {
      await this.lockCompany(tx, caller.companyId);
      const member = await this.findMember(tx, caller.companyId, memberId);
      if (member.status !== 'ACTIVE') {
        throw new AppError('CONFLICT', 'Roles can be changed only for active members');
      }
      if (member.role === role) return;
      if (member.role === 'COMPANY_ADMIN' && role !== 'COMPANY_ADMIN') {
        await this.assertAnotherAdmin(tx, caller.companyId, memberId, 'demote');
      }
      await tx.query('UPDATE memberships SET role = $1, updated_at = now() WHERE id = $2', [role, memberId]);
      await this.activity.record(
        {
          actor: caller,
          companyId: caller.companyId,
          action: 'member.role_changed',
          target: member.label,
          details: { from: member.role, to: role },
        },
        tx,
      );
    });
    const rows = await this.memberRows(this.db.manager, caller.companyId, memberId);
    return this.view(rows[0]!, caller);
  }

  /**
   * Accepts an invitation for the signed-in user. The token is single use: one atomic UPDATE decides
   * the winner, so parallel accepts give exactly one membership.
   */
  async accept(caller: AuthContext, token: string): Promise<CurrentUserView> {
    const hash = hashInvitationToken(token.trim());
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const found: {
        id: string;
        membership_id: string;
        company_id: string;
        email: string;
        expires_at: Date;
        accepted_at: Date | null;
      }[] = await tx.query(
        'SELECT id, membership_id, company_id, email, expires_at, accepted_at FROM invitations WHERE token_hash = $1',
        [hash],
      );
      const inv = found[0];
      if (!inv) {
        throw new AppError(
          'NOT_FOUND',
          'This invitation link is not valid. Ask your company admin to send a new one.',
        );
      }
      if (inv.accepted_at) throw new AppError('CONFLICT', 'This invitation has already been used');
      if (inv.expires_at.getTime() <= now.getTime()) {
        throw new AppError('CONFLICT', 'This invitation has expired. Ask your company admin to resend it.');
      }
      if (inv.email.toLowerCase() !== caller.email.toLowerCase()) {
        throw new AppError(
          'FORBIDDEN',
          `This invitation was sent to ${inv.email}. Sign in with that account to accept it.`,
        );
      }
      if (caller.companyId && caller.companyId !== inv.company_id) {
        throw new AppError('CONFLICT', 'You already belong to a company');
      }
      const claimed: unknown[] = await tx.query(
        `UPDATE invitations SET accepted_at = $2, accepted_by = $3, updated_at = now()
          WHERE id = $1 AND accepted_at IS NULL AND expires_at > $2 RETURNING id`,
        [inv.id, now, caller.userId],
      );
      // node-postgres answers UPDATE ... RETURNING as [rows, count] through TypeORM.
      const rows = Array.isArray(claimed[0]) ? (claimed[0] as unknown[]) : claimed;
      if (rows.length === 0) throw new AppError('CONFLICT', 'This invitation has already been used');
      try {
        await tx.query(
          `UPDATE memberships SET status = 'ACTIVE', user_id = $2, updated_at = now() WHERE id = $1 AND status = 'INVITED'`,
          [inv.membership_id, caller.userId],
        );
      } catch (err) {
        if ((err as { code?: string }).code === '23505') {
          throw new AppError('CONFLICT', 'You already belong to a company');
        }
        throw err;
      }
      await this.activity.record(
        { actor: caller, companyId: inv.company_id, action: 'invitation.accepted', target: inv.email },
        tx,
      );
    });
    return this.auth.currentUser(caller.userId);
  }

  async outbox(caller: CompanyAuthContext): Promise<OutboxMessageView[]> {
    if (this.config.isProduction) throw new AppError('NOT_FOUND');
    const messages = await this.mail.recent(caller.companyId);
    return messages.map((m) => ({
      id: m.id,
      to: m.toEmail,
      subject: m.subject,
      text: m.bodyText,
      link: m.link,
      createdAt: m.createdAt.toISOString(),
    }));
  }

  private async sendInvitation(caller: CompanyAuthContext, email: string, token: string): Promise<void> {
    const link = `${this.config.publicUrl}/accept-invite?token=${encodeURIComponent(token)}`;
    const hours = Math.round(this.config.invitationTtlMs / 3_600_000);
    await this.mail.send({
      to: email,
      companyId: caller.companyId,
      subject: `${caller.name} invited you to ${caller.companyName} on Faire Shipment Manager`,
      text: [
        `Hello,`,
        ``,
        `${caller.name} (${caller.email}) invited you to join ${caller.companyName} on Faire Shipment Manager.`,
        `Open this link and sign in with ${email} to accept:`,
        ``,
        link,
        ``,
        `The link works once and expires in ${hours} hours.`,
      ].join('\n'),
      link,
    });
  }

  private async lockCompany(tx: EntityManager, companyId: string): Promise<void> {
    await tx.query('SELECT id FROM companies WHERE id = $1 FOR UPDATE', [companyId]);
  }

  private async findMember(tx: EntityManager, companyId: string, memberId: string) {
    if (!/^[0-9a-f-]{36}$/i.test(memberId)) throw new AppError('NOT_FOUND', NOT_FOUND);
    const rows: { id: string; email: string; name: string | null; role: CompanyRole; status: string }[] =
      await tx.query(
        `SELECT m.id, m.email, u.name, m.role, m.status FROM memberships m LEFT JOIN users u ON u.id = m.user_id
          WHERE m.id = $1 AND m.company_id = $2`,
        [memberId, companyId],
      );
    if (!rows[0]) throw new AppError('NOT_FOUND', NOT_FOUND);
    return { ...rows[0], label: memberLabel(rows[0]) };
  }

  private async assertAnotherAdmin(
    tx: EntityManager,
    companyId: string,
    memberId: string,
    verb: 'remove' | 'demote',
  ) {
    const rows: { n: string }[] = await tx.query(
      `SELECT count(*)::int AS n FROM memberships WHERE company_id = $1 AND status = 'ACTIVE' AND role = 'COMPANY_ADMIN' AND id <> $2`,
      [companyId, memberId],
    );
    if (Number(rows[0]!.n) === 0) {
      throw new AppError(
        'CONFLICT',
        `You cannot ${verb} the last company admin. Make another member an admin first.`,
      );
    }
  }

  private memberRows(m: EntityManager, companyId: string, memberId?: string): Promise<MemberRow[]> {
    return m.query(
      `SELECT m.id, m.role, m.status, m.created_at, m.email, m.user_id, u.name AS user_name, i.expires_at
         FROM memberships m
         LEFT JOIN users u ON u.id = m.user_id
         LEFT JOIN invitations i ON i.membership_id = m.id AND i.accepted_at IS NULL
        WHERE m.company_id = $1 ${memberId ? 'AND m.id = $2' : ''}
        ORDER BY m.status = 'ACTIVE' DESC, m.created_at ASC`,
      memberId ? [companyId, memberId] : [companyId],
    );
  }

  private view(r: MemberRow, caller: AuthContext): TeamMemberView {
    return {
      id: r.id,
      role: r.role,
      status: r.status,
      createdAt: r.created_at.toISOString(),
      user: { name: r.user_name, email: r.email },
      isCurrentUser: r.user_id === caller.userId,
      invitationExpiresAt: r.status === 'INVITED' && r.expires_at ? r.expires_at.toISOString() : null,
    };
  }
}

/** A member as people know them in the activity log: "Name (email)", or the email of an invitee. */
function memberLabel(m: { email: string; name: string | null }): string {
  const name = m.name?.trim();
  return name ? `${name} (${m.email})` : m.email;
}
