import { Injectable } from '@nestjs/common';
import { CompanyScope } from '../../common/database/company-scope.js';
import type { AuthContext } from '../../common/http/auth-context.js';
import { ActivityService } from '../activity/index.js';
import { CompanyConnections } from './company-connections.js';
import { ConnectionOrders } from './connection-ports.js';
import { FaireOAuthClient } from './faire-oauth.client.js';
import { FaireError } from './faire.errors.js';
import type { FaireBrandProfile, FaireCredentials } from './faire.types.js';
import { TokenRevocations } from './token-revocations.js';

/** Told to an admin whose brand another company holds; never names that company. */
export const BRAND_HELD_MESSAGE =
  'This Faire brand is already connected to another company in the portal. Ask the portal administrator to release it, then try again.';

type Actor = Pick<AuthContext, 'userId' | 'email' | 'isPlatformAdmin' | 'role'> & { companyId: string };

/**
 * Every change to a company's connection: replacing it (one brand, one company; a brand change removes
 * the company's orders so the next sync loads the new brand's), revoking the old token, removing it.
 */
@Injectable()
export class ConnectionWriter {
  constructor(
    private readonly connections: CompanyConnections,
    private readonly revocations: TokenRevocations,
    private readonly oauth: FaireOAuthClient,
    private readonly activity: ActivityService,
    private readonly orders: ConnectionOrders,
  ) {}

  /**
   * Revokes the company's current OAuth token at Faire before a new code is exchanged (Faire keeps one
   * live token per app and brand). False when Faire could not be told: nothing changed then.
   */
  async revokeCurrent(scope: CompanyScope): Promise<boolean> {
    const current = await this.connections.find(scope);
    if (!current || current.authMode !== 'OAUTH' || current.status === 'DISCONNECTED') return true;
    try {
      await this.oauth.revoke(this.connections.open(current));
    } catch (err) {
      if (!(err instanceof FaireError && (err.status === 400 || err.status === 401))) return false;
    }
    await this.connections.markFailed(
      scope,
      current.id,
      'The previous Faire token was revoked to reconnect.',
    );
    return true;
  }

  /** Marks the company's connection failed, with the reason its people are shown. */
  failCurrent(scope: CompanyScope, reason: string): Promise<void> {
    return this.connections.markCompanyFailed(scope, reason);
  }

  /** Stores the new connection, or answers why not (the new OAuth token is then revoked). */
  async replace(
    actor: Actor,
    credentials: FaireCredentials,
    profile: FaireBrandProfile,
    scopes: string[],
    intent: 'connect' | 'reconnect' | 'change',
  ): Promise<'ok' | { message: string }> {
    const refuse = async (message: string) => {
      if (credentials.mode === 'OAUTH') await this.revocations.revokeOrQueue(credentials.token);
      return { message };
    };
    const scope = CompanyScope.of(actor);
    const current = await this.connections.find(scope);
    if (
      current &&
      current.status !== 'DISCONNECTED' &&
      current.brandId !== profile.brand_id &&
      intent !== 'change'
    ) {
      const message = `You chose ${profile.name} on Faire instead of ${current.brandName}: to switch brands, use Change brand.`;
      await this.failCurrent(scope, message);
      return refuse(message);
    }
    // One brand, one company: two admins connecting the same brand at once are serialised here.
    const held = await this.connections.withBrandLock(profile.brand_id, async (tx) => {
      if (await this.connections.heldElsewhere(profile.brand_id, scope, tx)) return true;
      const brandChanged = !!current && current.brandId !== profile.brand_id;
      await this.connections.save(tx, scope, actor.userId, credentials, profile, scopes);
      if (brandChanged) {
        // The next sync is a full one and loads the new brand's orders; shipments keep their brand.
        await this.orders.forgetOrders(scope, tx);
      }
      await this.activity.record(
        {
          actor,
          companyId: actor.companyId,
          action: brandChanged ? 'marketplace.brand_changed' : 'marketplace.connected',
          target: profile.name,
          details: {
            brandId: profile.brand_id,
            mode: credentials.mode,
            ...(brandChanged ? { previousBrand: current?.brandName } : {}),
          },
        },
        tx,
      );
      return false;
    });
    if (held) {
      // An OAuth token of the company was revoked before the exchange: the connection no longer works.
      if (current?.authMode === 'OAUTH' && credentials.mode === 'OAUTH') {
        await this.failCurrent(scope, BRAND_HELD_MESSAGE);
      }
      return refuse(BRAND_HELD_MESSAGE);
    }
    // The brand's orders are there on the first day, not only after a visit or the nightly run.
    await this.orders.syncSoon(scope);
    return 'ok';
  }

  /** A developer token given by someone without a company yet (becomes the company's when they create one). */
  async savePending(
    userId: string,
    credentials: FaireCredentials,
    profile: FaireBrandProfile,
  ): Promise<void> {
    await this.connections.savePending(userId, credentials, profile);
  }

  /** Revokes the company's token (queued if Faire does not answer) and forgets the connection. */
  async remove(
    scope: CompanyScope,
    actor: Pick<AuthContext, 'userId' | 'email' | 'isPlatformAdmin' | 'role'>,
  ): Promise<void> {
    const current = await this.connections.find(scope);
    if (!current) return;
    if (current.authMode === 'OAUTH') {
      let token: string | null;
      try {
        token = this.connections.open(current);
      } catch {
        token = null;
      }
      if (token) await this.revocations.revokeOrQueue(token);
    }
    await this.connections.remove(scope, current.id);
    await this.activity.record({
      actor,
      companyId: scope.companyId,
      action: 'marketplace.disconnected',
      target: current.brandName,
    });
  }
}
