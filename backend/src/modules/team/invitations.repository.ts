import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, type EntityManager, type Repository } from 'typeorm';
import { type CompanyScope, ScopedRepository, scopedQuery } from '../../common/database/company-scope.js';
import { Invitation } from './entities/invitation.entity.js';
import { returningRows } from '../../common/database/returning-rows.js';

/** An invitation as the accept flow reads it (by its token, before the invitee belongs anywhere). */
export type FoundInvitation = Pick<
  Invitation,
  'id' | 'membershipId' | 'companyId' | 'email' | 'expiresAt' | 'acceptedAt'
>;

/** The `invitations` table: one per invited membership, only the SHA-256 of its token stored. */
@Injectable()
export class InvitationsRepository {
  private readonly scoped: ScopedRepository<Invitation>;

  constructor(@InjectRepository(Invitation) private readonly repo: Repository<Invitation>) {
    this.scoped = new ScopedRepository(repo);
  }

  /** Records the invitation of a membership just created in `tx`. */
  async create(
    scope: CompanyScope,
    invitation: { membershipId: string; email: string; tokenHash: string; expiresAt: Date },
    tx: EntityManager,
  ): Promise<void> {
    await this.scoped.in(tx).insert(scope, invitation);
  }

  /** A new token and expiry for the membership's pending invitation: the old link stops working. */
  async rotate(
    scope: CompanyScope,
    membershipId: string,
    token: { hash: string; expiresAt: Date },
    tx: EntityManager,
  ): Promise<void> {
    await scopedQuery(
      tx,
      scope,
      `UPDATE invitations SET token_hash = $2, expires_at = $3, sent_count = sent_count + 1, updated_at = now()
        WHERE company_id = $1 AND membership_id = $4 AND accepted_at IS NULL`,
      [token.hash, token.expiresAt, membershipId],
    );
  }

  /**
   * The invitation a token opens, whichever company sent it: the token (its hash) is the key, and the
   * company is known only once it is found.
   */
  findByTokenHash(hash: string, tx: EntityManager): Promise<FoundInvitation | null> {
    return tx.getRepository(Invitation).findOne({
      select: {
        id: true,
        membershipId: true,
        companyId: true,
        email: true,
        expiresAt: true,
        acceptedAt: true,
      },
      where: { tokenHash: hash },
    });
  }

  /**
   * Marks the invitation accepted by this user if it still is unused and unexpired at `now`. One atomic
   * UPDATE decides between parallel accepts: only one of them answers true.
   */
  async claim(
    scope: CompanyScope,
    invitationId: string,
    acceptedBy: string,
    now: Date,
    tx: EntityManager,
  ): Promise<boolean> {
    const claimed: unknown[] = await scopedQuery(
      tx,
      scope,
      `UPDATE invitations SET accepted_at = $3, accepted_by = $4, updated_at = now()
        WHERE company_id = $1 AND id = $2 AND accepted_at IS NULL AND expires_at > $3 RETURNING id`,
      [invitationId, now, acceptedBy],
    );
    return returningRows(claimed).length > 0;
  }

  /** When the pending invitations of these memberships expire, by membership id. */
  async pendingExpiries(
    scope: CompanyScope,
    membershipIds: readonly string[],
    manager?: EntityManager,
  ): Promise<Map<string, Date>> {
    if (membershipIds.length === 0) return new Map();
    const repo = manager ? this.scoped.in(manager) : this.scoped;
    const rows = await repo.find(scope, {
      select: { membershipId: true, expiresAt: true },
      where: { membershipId: In([...membershipIds]), acceptedAt: IsNull() },
    });
    return new Map(rows.map((r) => [r.membershipId, r.expiresAt]));
  }

  /**
   * For the development outbox: the company's invitations whose token hash is one of these, and the
   * emails with a pending invitation (a link whose token is gone was replaced when its invitee still has one).
   */
  async linkStates(
    scope: CompanyScope,
    hashes: readonly string[],
  ): Promise<{
    byHash: Map<string, { acceptedAt: Date | null; expiresAt: Date }>;
    pendingEmails: Set<string>;
  }> {
    const rows = await scopedQuery<
      { token_hash: string; accepted_at: Date | null; expires_at: Date; email: string }[]
    >(
      this.repo.manager,
      scope,
      `SELECT token_hash, accepted_at, expires_at, email FROM invitations
        WHERE company_id = $1 AND (token_hash = ANY($2::text[]) OR accepted_at IS NULL)`,
      [[...hashes]],
    );
    const byHash = new Map<string, { acceptedAt: Date | null; expiresAt: Date }>();
    const pendingEmails = new Set<string>();
    for (const r of rows) {
      if (hashes.includes(r.token_hash)) {
        byHash.set(r.token_hash, { acceptedAt: r.accepted_at, expiresAt: r.expires_at });
      }
      if (r.accepted_at === null) pendingEmails.add(r.email.toLowerCase());
    }
    return { byHash, pendingEmails };
  }
}
