import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Clock } from '../../src/common/clock.js';
import type { AppConfig } from '../../src/common/config/index.js';
import type { AuthContext, CompanyAuthContext, CompanyRole } from '../../src/common/http/auth-context.js';
import type { MemberRecord } from '../../src/modules/companies/index.js';
import { hashInvitationToken, invitationTokenOf } from '../../src/modules/team/invitation-token.js';
import { TeamService } from '../../src/modules/team/team.service.js';
import { COMPANY_A, COMPANY_B } from '../fakes/fake-shipments-repository.js';

/**
 * The team's rules (who may be invited, demoted or removed; an invitation link used once, by its invitee,
 * before it expires; what the outbox says of each link) on in-memory memberships and invitations: no
 * Nest, no Postgres. Parallel accepts and the HTTP answers stay in team.e2e-spec.
 */

const HOUR = 3_600_000;
const T0 = Date.parse('2026-12-07T12:00:00Z');
const uuid = (n: number) => `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

interface FakeInvitation {
  id: string;
  membershipId: string;
  companyId: string;
  email: string;
  tokenHash: string;
  expiresAt: Date;
  acceptedAt: Date | null;
}

interface Mail {
  to: string;
  subject: string;
  text: string;
  link: string;
  companyId: string;
}

class TeamWorld {
  now = T0;
  members: (MemberRecord & { companyId: string })[] = [];
  invitations: FakeInvitation[] = [];
  names = new Map<string, string>();
  mails: Mail[] = [];
  activity: { action: string; target?: string; details?: unknown }[] = [];
  smtp = false;
  production = false;
  private seq = 100;

  admin(companyId = COMPANY_A, userId = uuid(1)): CompanyAuthContext {
    if (!this.members.some((m) => m.userId === userId)) {
      this.members.push({
        id: uuid(this.seq++),
        companyId,
        userId,
        email: `${userId.slice(-2)}@brand.test`,
        role: 'COMPANY_ADMIN',
        status: 'ACTIVE',
        createdAt: new Date(this.now),
      });
      this.names.set(userId, 'Ada Admin');
    }
    const m = this.members.find((x) => x.userId === userId)!;
    return {
      userId,
      email: m.email,
      name: 'Ada Admin',
      companyId,
      companyName: 'Brand Co',
      role: m.role,
      membershipId: m.id,
    } as CompanyAuthContext;
  }

  user(email: string, userId: string, companyId: string | null = null): AuthContext {
    this.names.set(userId, email.split('@')[0]!);
    return { userId, email, name: email.split('@')[0], companyId } as unknown as AuthContext;
  }

  service(): TeamService {
    const inCompany = (scope: { companyId: string }) =>
      this.members.filter((m) => m.companyId === scope.companyId);
    const members = {
      list: async (scope: { companyId: string }) => inCompany(scope),
      lockByEmail: async (scope: { companyId: string }, email: string) =>
        inCompany(scope).find((m) => m.email === email) ?? null,
      invite: async (
        scope: { companyId: string },
        invitee: { email: string; role: CompanyRole },
      ): Promise<string> => {
        const id = uuid(this.seq++);
        this.members.push({
          id,
          companyId: scope.companyId,
          userId: null,
          email: invitee.email,
          role: invitee.role,
          status: 'INVITED',
          createdAt: new Date(this.now),
        });
        return id;
      },
      find: async (scope: { companyId: string }, id: string) =>
        inCompany(scope).find((m) => m.id === id) ?? null,
      countOtherActiveAdmins: async (scope: { companyId: string }, id: string) =>
        inCompany(scope).filter((m) => m.id !== id && m.status === 'ACTIVE' && m.role === 'COMPANY_ADMIN')
          .length,
      remove: async (_scope: unknown, id: string) => {
        this.members = this.members.filter((m) => m.id !== id);
      },
      setRole: async (_scope: unknown, id: string, role: CompanyRole) => {
        this.members.find((m) => m.id === id)!.role = role;
      },
      activate: async (_scope: unknown, id: string, userId: string) => {
        if (this.members.some((m) => m.userId === userId && m.status === 'ACTIVE')) {
          throw Object.assign(new Error('one active membership per user'), { code: '23505' });
        }
        const m = this.members.find((x) => x.id === id)!;
        m.status = 'ACTIVE';
        m.userId = userId;
      },
    };
    const invitations = {
      create: async (
        scope: { companyId: string },
        inv: { membershipId: string; email: string; tokenHash: string; expiresAt: Date },
      ) => {
        this.invitations.push({ id: uuid(this.seq++), companyId: scope.companyId, acceptedAt: null, ...inv });
      },
      rotate: async (_scope: unknown, membershipId: string, token: { hash: string; expiresAt: Date }) => {
        const inv = this.invitations.find((i) => i.membershipId === membershipId && !i.acceptedAt)!;
        inv.tokenHash = token.hash;
        inv.expiresAt = token.expiresAt;
      },
      findByTokenHash: async (hash: string) => this.invitations.find((i) => i.tokenHash === hash) ?? null,
      claim: async (_scope: unknown, id: string, _by: string, now: Date) => {
        const inv = this.invitations.find((i) => i.id === id)!;
        if (inv.acceptedAt || inv.expiresAt <= now) return false;
        inv.acceptedAt = now;
        return true;
      },
      pendingExpiries: async (_scope: unknown, ids: readonly string[]) =>
        new Map(
          this.invitations
            .filter((i) => ids.includes(i.membershipId) && !i.acceptedAt)
            .map((i) => [i.membershipId, i.expiresAt]),
        ),
      linkStates: async (scope: { companyId: string }, hashes: readonly string[]) => {
        const mine = this.invitations.filter((i) => i.companyId === scope.companyId);
        return {
          byHash: new Map(
            mine.filter((i) => hashes.includes(i.tokenHash)).map((i) => [i.tokenHash, i] as const),
          ),
          pendingEmails: new Set(mine.filter((i) => !i.acceptedAt).map((i) => i.email.toLowerCase())),
        };
      },
    };
    const users = {
      namesByIds: async (ids: readonly string[]) =>
        new Map(ids.filter((id) => this.names.has(id)).map((id) => [id, { name: this.names.get(id)! }])),
    };
    const mail = {
      send: async (m: Mail) => {
        this.mails.push(m);
        return this.smtp ? 'smtp' : 'log';
      },
      recent: async (companyId: string) =>
        this.mails
          .filter((m) => m.companyId === companyId)
          .map((m, i) => ({
            id: `m${i}`,
            toEmail: m.to,
            subject: m.subject,
            bodyText: m.text,
            link: m.link,
            createdAt: new Date(this.now),
          }))
          .reverse(),
    };
    const activity = {
      record: async (e: { action: string; target?: string; details?: unknown }) =>
        void this.activity.push({ action: e.action, target: e.target, details: e.details }),
    };
    const auth = { currentUser: async (userId: string) => ({ id: userId }) };
    const clock = { now: () => new Date(this.now), nowMs: () => this.now } as Clock;
    const config = {
      invitationTtlMs: 72 * HOUR,
      publicUrl: 'https://portal.test',
      isProduction: this.production,
    } as AppConfig;
    const db = { transaction: async (fn: (tx: unknown) => unknown) => fn({}) };
    return new TeamService(
      db as never,
      members as never,
      { lock: async () => undefined } as never,
      users as never,
      invitations as never,
      mail as never,
      activity as never,
      auth as never,
      clock,
      config,
    );
  }

  /** The token of the newest link mailed to this address. */
  tokenFor(email: string): string {
    const mail = [...this.mails].reverse().find((m) => m.to === email)!;
    return invitationTokenOf(mail.link)!;
  }
}

describe('TeamService', () => {
  let w: TeamWorld;
  let team: TeamService;
  let admin: CompanyAuthContext;
  beforeEach(() => {
    w = new TeamWorld();
    team = w.service();
    admin = w.admin();
  });

  it('invites as a user by default, normalises the email, stores only the hash, and mails a link valid 72 hours', async () => {
    const view = await team.invite(admin, '  New@Brand.TEST ');
    expect(view).toMatchObject({
      role: 'COMPANY_USER',
      status: 'INVITED',
      user: { name: null, email: 'new@brand.test' },
      isCurrentUser: false,
      invitationExpiresAt: new Date(T0 + 72 * HOUR).toISOString(),
      invitationDelivery: 'OUTBOX',
    });
    const token = w.tokenFor('new@brand.test');
    expect(w.invitations[0]!.tokenHash).toBe(hashInvitationToken(token));
    expect(w.invitations[0]!.tokenHash).not.toBe(token);
    expect(w.mails[0]!.link).toBe(`https://portal.test/accept-invite?token=${encodeURIComponent(token)}`);
    expect(w.mails[0]!.text).toContain('expires in 72 hours');
    expect(w.activity).toEqual([
      { action: 'invitation.sent', target: 'new@brand.test', details: { role: 'COMPANY_USER' } },
    ]);
  });

  it('says where an invitation went: emailed, kept in the outbox, or (production, no mail server) not sent', async () => {
    w.smtp = true;
    expect((await team.invite(admin, 'a@brand.test')).invitationDelivery).toBe('EMAIL');
    w.smtp = false;
    w.production = true;
    expect((await w.service().invite(admin, 'b@brand.test')).invitationDelivery).toBe('NOT_SENT');
  });

  it('refuses to invite a member or an invitee again', async () => {
    await team.invite(admin, 'new@brand.test');
    await expect(team.invite(admin, 'new@brand.test')).rejects.toThrow('use Resend');
    await expect(team.invite(admin, admin.email)).rejects.toThrow('is already a member');
  });

  it('accepts an invitation once, for its invitee only, before it expires', async () => {
    await team.invite(admin, 'new@brand.test');
    const token = w.tokenFor('new@brand.test');
    await expect(team.accept(w.user('other@brand.test', uuid(7)), token)).rejects.toThrow(
      'This invitation was sent to new@brand.test',
    );
    await expect(team.accept(w.user('NEW@brand.test', uuid(8)), token)).resolves.toEqual({ id: uuid(8) });
    expect(w.members.find((m) => m.email === 'new@brand.test')).toMatchObject({
      status: 'ACTIVE',
      userId: uuid(8),
    });
    await expect(team.accept(w.user('new@brand.test', uuid(8)), token)).rejects.toThrow('already been used');
    expect(w.activity.map((a) => a.action)).toEqual(['invitation.sent', 'invitation.accepted']);
  });

  it('refuses an unknown token, an expired link, and a user who belongs to another company', async () => {
    await expect(team.accept(w.user('x@brand.test', uuid(9)), 'nope')).rejects.toThrow('not valid');
    await team.invite(admin, 'late@brand.test');
    const token = w.tokenFor('late@brand.test');
    await expect(team.accept(w.user('late@brand.test', uuid(10), COMPANY_B), token)).rejects.toThrow(
      'already belong to a company',
    );
    w.now += 72 * HOUR;
    await expect(team.accept(w.user('late@brand.test', uuid(10)), token)).rejects.toThrow('has expired');
  });

  it('answers a user already active elsewhere (the unique membership) as a conflict', async () => {
    w.admin(COMPANY_B, uuid(11));
    await team.invite(admin, '11@brand.test');
    const token = w.tokenFor('11@brand.test');
    await expect(team.accept(w.user('11@brand.test', uuid(11)), token)).rejects.toThrow(
      'You already belong to a company',
    );
  });

  it('kills the old link when the invitation is resent, and resends only pending invitations', async () => {
    const invited = await team.invite(admin, 'new@brand.test');
    const first = w.tokenFor('new@brand.test');
    w.now += HOUR;
    await expect(team.resend(admin, invited.id)).resolves.toEqual({ ok: true, invitationDelivery: 'OUTBOX' });
    const second = w.tokenFor('new@brand.test');
    expect(second).not.toBe(first);
    expect(w.invitations[0]!.expiresAt).toEqual(new Date(T0 + 73 * HOUR));
    await expect(team.accept(w.user('new@brand.test', uuid(12)), first)).rejects.toThrow('not valid');
    await team.accept(w.user('new@brand.test', uuid(12)), second);
    await expect(team.resend(admin, invited.id)).rejects.toThrow('Only pending invitations');
  });

  it('never demotes or removes the last admin, changes roles only of active members, and logs each change', async () => {
    await expect(team.changeRole(admin, admin.membershipId, 'COMPANY_USER')).rejects.toThrow(
      'You cannot demote the last company admin',
    );
    await expect(team.remove(admin, admin.membershipId)).rejects.toThrow(
      'You cannot remove the last company admin',
    );
    const invited = await team.invite(admin, 'new@brand.test');
    await expect(team.changeRole(admin, invited.id, 'COMPANY_ADMIN')).rejects.toThrow(
      'only for active members',
    );
    await team.accept(w.user('new@brand.test', uuid(13)), w.tokenFor('new@brand.test'));
    const promoted = await team.changeRole(admin, invited.id, 'COMPANY_ADMIN');
    expect(promoted.role).toBe('COMPANY_ADMIN');
    // The same role again changes nothing and logs nothing.
    await team.changeRole(admin, invited.id, 'COMPANY_ADMIN');
    await team.changeRole(admin, admin.membershipId, 'COMPANY_USER');
    // Now the newcomer is the last admin.
    await expect(team.remove(admin, invited.id)).rejects.toThrow('You cannot remove the last company admin');
    await team.remove(admin, admin.membershipId);
    expect(w.activity.slice(2)).toEqual([
      {
        action: 'member.role_changed',
        target: 'new (new@brand.test)',
        details: { from: 'COMPANY_USER', to: 'COMPANY_ADMIN' },
      },
      {
        action: 'member.role_changed',
        target: `Ada Admin (${admin.email})`,
        details: { from: 'COMPANY_ADMIN', to: 'COMPANY_USER' },
      },
      { action: 'member.removed', target: `Ada Admin (${admin.email})`, details: { status: 'ACTIVE' } },
    ]);
  });

  it('answers a malformed id and another company’s member alike: not found', async () => {
    const other = w.admin(COMPANY_B, uuid(14));
    const theirs = await w.service().invite(other, 'theirs@brand.test');
    await expect(team.remove(admin, 'not-a-uuid')).rejects.toThrow('Team member not found');
    await expect(team.remove(admin, theirs.id)).rejects.toThrow('Team member not found');
    await expect(team.changeRole(admin, theirs.id, 'COMPANY_ADMIN')).rejects.toThrow('Team member not found');
  });

  it('lists the members with names, the caller marked, and a pending invitation’s expiry', async () => {
    await team.invite(admin, 'new@brand.test');
    const list = await team.list(admin);
    expect(list.map((m) => [m.user.email, m.user.name, m.isCurrentUser, m.invitationExpiresAt])).toEqual([
      [admin.email, 'Ada Admin', true, null],
      ['new@brand.test', null, false, new Date(T0 + 72 * HOUR).toISOString()],
    ]);
  });

  it('tells in the outbox which links still open an invitation: active, used, replaced, expired, withdrawn', async () => {
    const a = await team.invite(admin, 'a@brand.test');
    await team.resend(admin, a.id); // a's first link: replaced
    await team.invite(admin, 'b@brand.test');
    await team.accept(w.user('b@brand.test', uuid(15)), w.tokenFor('b@brand.test')); // used
    const c = await team.invite(admin, 'c@brand.test');
    await team.remove(admin, c.id); // withdrawn: its invitation went with the membership
    w.invitations = w.invitations.filter((i) => i.membershipId !== c.id);
    const states = (await team.outbox(admin)).map((m) => [m.to, m.linkState]).reverse();
    expect(states).toEqual([
      ['a@brand.test', 'REPLACED'],
      ['a@brand.test', 'ACTIVE'],
      ['b@brand.test', 'USED'],
      ['c@brand.test', 'WITHDRAWN'],
    ]);
    w.now += 73 * HOUR;
    expect((await team.outbox(admin)).find((m) => m.to === 'a@brand.test')!.linkState).toBe('EXPIRED');
  });

  it('has no outbox in production', async () => {
    w.production = true;
    await expect(w.service().outbox(admin)).rejects.toThrow();
  });
});
