import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { CompanyScope } from '../../common/database/company-scope.js';
import { AppError } from '../../common/errors/index.js';
import type { AuthContext, CompanyAuthContext, CompanyRole } from '../../common/http/auth-context.js';
import { ActivityService } from '../activity/index.js';
import { AuthService, type CurrentUserView } from '../auth/index.js';
import { CompanyMembers, CompanyRecords, type MemberRecord } from '../companies/index.js';
import { BLANK, line, link, mailBody, MailService } from '../mail/index.js';
import { UserDirectory } from '../users/index.js';
import type {
  InvitationDelivery,
  OutboxLinkState,
  OutboxMessageView,
  TeamMemberView,
} from './dto/team.dto.js';
import { hashInvitationToken, invitationTokenOf, newInvitationToken } from './invitation-token.js';
import { InvitationsRepository } from './invitations.repository.js';

/** A member as the team screen shows it: the membership, its user's name and a pending invitation's expiry. */
interface MemberRow extends MemberRecord {
  userName: string | null;
  expiresAt: Date | null;
}

const NOT_FOUND = 'Team member not found';

@Injectable()
export class TeamService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly members: CompanyMembers,
    private readonly companies: CompanyRecords,
    private readonly users: UserDirectory,
    private readonly invitations: InvitationsRepository,
    private readonly mail: MailService,
    private readonly activity: ActivityService,
    private readonly auth: AuthService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(caller: CompanyAuthContext): Promise<TeamMemberView[]> {
    const scope = CompanyScope.of(caller);
    const rows = await this.withDetails(scope, await this.members.list(scope));
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
    const scope = CompanyScope.of(caller);
    const memberId = await this.db.transaction(async (tx) => {
      const existing = await this.members.lockByEmail(scope, normalized, tx);
      if (existing?.status === 'ACTIVE') {
        throw new AppError('CONFLICT', `${normalized} is already a member of this company`);
      }
      if (existing) {
        throw new AppError(
          'CONFLICT',
          `${normalized} has already been invited: use Resend to send the invitation again`,
        );
      }
      const id = await this.members.invite(scope, { email: normalized, role, invitedBy: caller.userId }, tx);
      await this.invitations.create(
        scope,
        { membershipId: id, email: normalized, tokenHash: hash, expiresAt },
        tx,
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
    const delivery = await this.sendInvitation(caller, normalized, token);
    return { ...this.view(await this.memberRow(scope, memberId), caller), invitationDelivery: delivery };
  }

  async resend(
    caller: CompanyAuthContext,
    memberId: string,
  ): Promise<{ ok: true; invitationDelivery: InvitationDelivery }> {
    const { token, hash } = newInvitationToken();
    const expiresAt = new Date(this.clock.nowMs() + this.config.invitationTtlMs);
    const scope = CompanyScope.of(caller);
    const email = await this.db.transaction(async (tx) => {
      const member = await this.findMember(tx, scope, memberId);
      if (member.status !== 'INVITED') {
        throw new AppError('CONFLICT', 'Only pending invitations can be resent');
      }
      // Rotating the hash kills the old link.
      await this.invitations.rotate(scope, memberId, { hash, expiresAt }, tx);
      await this.activity.record(
        { actor: caller, companyId: caller.companyId, action: 'invitation.resent', target: member.email },
        tx,
      );
      return member.email;
    });
    const delivery = await this.sendInvitation(caller, email, token);
    return { ok: true, invitationDelivery: delivery };
  }

  async remove(caller: CompanyAuthContext, memberId: string): Promise<{ ok: true }> {
    const scope = CompanyScope.of(caller);
    await this.db.transaction(async (tx) => {
      await this.companies.lock(scope, tx);
      const member = await this.findMember(tx, scope, memberId);
      if (member.status === 'ACTIVE' && member.role === 'COMPANY_ADMIN') {
        await this.assertAnotherAdmin(tx, scope, memberId, 'remove');
      }
      await this.members.remove(scope, memberId, tx);
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
    const scope = CompanyScope.of(caller);
    await this.db.transaction(async (tx) => {
      await this.companies.lock(scope, tx);
      const member = await this.findMember(tx, scope, memberId);
      if (member.status !== 'ACTIVE') {
        throw new AppError('CONFLICT', 'Roles can be changed only for active members');
      }
      if (member.role === role) return;
      if (member.role === 'COMPANY_ADMIN' && role !== 'COMPANY_ADMIN') {
        await this.assertAnotherAdmin(tx, scope, memberId, 'demote');
      }
      await this.members.setRole(scope, memberId, role, tx);
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
    return this.view(await this.memberRow(scope, memberId), caller);
  }

  /**
   * Accepts an invitation for the signed-in user. The token is single use: one atomic UPDATE decides
   * the winner, so parallel accepts give exactly one membership.
   */
  async accept(caller: AuthContext, token: string): Promise<CurrentUserView> {
    const hash = hashInvitationToken(token.trim());
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const inv = await this.invitations.findByTokenHash(hash, tx);
      if (!inv) {
        throw new AppError(
          'NOT_FOUND',
          'This invitation link is not valid. Ask your company admin to send a new one.',
        );
      }
      if (inv.acceptedAt) throw new AppError('CONFLICT', 'This invitation has already been used');
      if (inv.expiresAt.getTime() <= now.getTime()) {
        throw new AppError('CONFLICT', 'This invitation has expired. Ask your company admin to resend it.');
      }
      if (inv.email.toLowerCase() !== caller.email.toLowerCase()) {
        throw new AppError(
          'FORBIDDEN',
          `This invitation was sent to ${inv.email}. Sign in with that account to accept it.`,
        );
      }
      if (caller.companyId && caller.companyId !== inv.companyId) {
        throw new AppError('CONFLICT', 'You already belong to a company');
      }
      // The company the invitation (a company-owned row) belongs to.
      const scope = CompanyScope.ofJob(inv.companyId);
      const claimed = await this.invitations.claim(scope, inv.id, caller.userId, now, tx);
      if (!claimed) throw new AppError('CONFLICT', 'This invitation has already been used');
      try {
        await this.members.activate(scope, inv.membershipId, caller.userId, tx);
      } catch (err) {
        if ((err as { code?: string }).code === '23505') {
          throw new AppError('CONFLICT', 'You already belong to a company');
        }
        throw err;
      }
      await this.activity.record(
        { actor: caller, companyId: inv.companyId, action: 'invitation.accepted', target: inv.email },
        tx,
      );
    });
    return this.auth.currentUser(caller.userId);
  }

  async outbox(caller: CompanyAuthContext): Promise<OutboxMessageView[]> {
    if (this.config.isProduction) throw new AppError('NOT_FOUND');
    const messages = await this.mail.recent(caller.companyId);
    // What each invitation link can still do: a used, replaced or withdrawn link must not look live.
    const hashes = new Map<string, string>();
    for (const m of messages) {
      const token = m.link ? invitationTokenOf(m.link) : null;
      if (token) hashes.set(m.id, hashInvitationToken(token));
    }
    const scope = CompanyScope.of(caller);
    const known = await this.invitations.linkStates(scope, [...hashes.values()]);
    const now = this.clock.nowMs();
    const stateOf = (m: (typeof messages)[number]): OutboxLinkState | null => {
      const hash = hashes.get(m.id);
      if (hash === undefined) return null;
      const inv = known.byHash.get(hash);
      if (inv?.acceptedAt) return 'USED';
      if (inv) return inv.expiresAt.getTime() <= now ? 'EXPIRED' : 'ACTIVE';
      // Its token is gone: a newer link was sent to the same invitee, or the invitation was removed.
      return known.pendingEmails.has(m.toEmail.toLowerCase()) ? 'REPLACED' : 'WITHDRAWN';
    };
    return messages.map((m) => ({
      id: m.id,
      to: m.toEmail,
      subject: m.subject,
      text: m.bodyText,
      link: m.link,
      createdAt: m.createdAt.toISOString(),
      linkState: stateOf(m),
    }));
  }

  private async sendInvitation(
    caller: CompanyAuthContext,
    email: string,
    token: string,
  ): Promise<InvitationDelivery> {
    const url = `${this.config.publicUrl}/accept-invite?token=${encodeURIComponent(token)}`;
    const hours = Math.round(this.config.invitationTtlMs / 3_600_000);
    const body = mailBody([
      line`Hello,`,
      BLANK,
      line`${caller.name} (${caller.email}) invited you to join ${caller.companyName} on Faire Shipment Manager.`,
      line`Open this link and sign in with ${email} to accept:`,
      BLANK,
      line`${link(url)}`,
      BLANK,
      line`The link works once and expires in ${hours} hours.`,
    ]);
    const transport = await this.mail.send({
      to: email,
      companyId: caller.companyId,
      subject: line`${caller.name} invited you to ${caller.companyName} on Faire Shipment Manager`.text,
      ...body,
      link: url,
    });
    if (transport === 'smtp') return 'EMAIL';
    // Without a mail server: kept in the development outbox, or (production) not sent at all.
    return this.config.isProduction ? 'NOT_SENT' : 'OUTBOX';
  }

  private async findMember(tx: EntityManager, scope: CompanyScope, memberId: string) {
    if (!/^[0-9a-f-]{36}$/i.test(memberId)) throw new AppError('NOT_FOUND', NOT_FOUND);
    const member = await this.members.find(scope, memberId, tx);
    if (!member) throw new AppError('NOT_FOUND', NOT_FOUND);
    const names = await this.users.namesByIds(member.userId ? [member.userId] : [], tx);
    const name = member.userId ? (names.get(member.userId)?.name ?? null) : null;
    return { ...member, name, label: memberLabel({ email: member.email, name }) };
  }

  private async assertAnotherAdmin(
    tx: EntityManager,
    scope: CompanyScope,
    memberId: string,
    verb: 'remove' | 'demote',
  ) {
    if ((await this.members.countOtherActiveAdmins(scope, memberId, tx)) === 0) {
      throw new AppError(
        'CONFLICT',
        `You cannot ${verb} the last company admin. Make another member an admin first.`,
      );
    }
  }

  /** One member of the caller's company as the screen shows it (the member was just written). */
  private async memberRow(scope: CompanyScope, memberId: string): Promise<MemberRow> {
    const member = await this.members.find(scope, memberId);
    const [row] = await this.withDetails(scope, member ? [member] : []);
    return row!;
  }

  /** Adds each member's user name and, for an invitee, when the pending invitation expires. */
  private async withDetails(scope: CompanyScope, members: MemberRecord[]): Promise<MemberRow[]> {
    const userIds = members.flatMap((m) => (m.userId ? [m.userId] : []));
    const [names, expiries] = await Promise.all([
      this.users.namesByIds(userIds),
      this.invitations.pendingExpiries(
        scope,
        members.map((m) => m.id),
      ),
    ]);
    return members.map((m) => ({
      ...m,
      userName: m.userId ? (names.get(m.userId)?.name ?? null) : null,
      expiresAt: expiries.get(m.id) ?? null,
    }));
  }

  private view(r: MemberRow, caller: AuthContext): TeamMemberView {
    return {
      id: r.id,
      role: r.role,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      user: { name: r.userName, email: r.email },
      isCurrentUser: r.userId === caller.userId,
      invitationExpiresAt: r.status === 'INVITED' && r.expiresAt ? r.expiresAt.toISOString() : null,
    };
  }
}

/** A member as people know them in the activity log: "Name (email)", or the email of an invitee. */
function memberLabel(m: { email: string; name: string | null }): string {
  const name = m.name?.trim();
  return name ? `${name} (${m.email})` : m.email;
}
