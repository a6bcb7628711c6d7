import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Clock } from '../../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../common/config/index.js';
import { CompanyScope } from '../../../common/database/company-scope.js';
import { AppError } from '../../../common/errors/index.js';
import type { CompanyAuthContext } from '../../../common/http/auth-context.js';
import { ActivityService } from '../../activity/index.js';
import { OrderLookup } from '../../orders/index.js';
import { CompanyMembers } from '../../companies/index.js';
import { UserDirectory } from '../../users/index.js';
import { SourceConnections } from '../source-connections.repository.js';
import { ShopifyClient } from './shopify.client.js';
import { ShopifyConnectionRows } from './shopify-connections.repository.js';
import { shopDomainOf, verifyCallbackQuery } from './shopify-rules.js';
import { ShopifyShops } from './shopify-shops.repository.js';
import { ShopifyTokens } from './shopify-tokens.service.js';
import { ShopifyWebhooks } from './shopify-webhooks.js';
import type { ShopifyCredentials } from './shopify.types.js';

/** A connect flow started this long ago is refused (Shopify's code lives about as long). */
const STATE_TTL_MS = 10 * 60_000;
/** The callback's timestamp may be this far from now. */
const CALLBACK_SKEW_S = 24 * 3600;
declare module 'express-session' {
  interface SessionData {
    shopifyOAuth?: {
      state: string;
      userId: string;
      companyId: string;
      shop: string;
      createdAtMs: number;
      redirectUri: string;
    };
  }
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Connecting a company to its Shopify shop (decision 0047): a company admin names the shop, the browser
 * goes through Shopify's authorization-code grant, and the callback is accepted only with Shopify's
 * signature, the one-time state this session started for this company, the same shop, and a caller who
 * is still the company's admin. The expiring offline token and its refresh token are stored sealed;
 * the fulfilment and uninstall webhooks are subscribed.
 */
@Injectable()
export class ShopifyConnect {
  private readonly logger = new Logger('ShopifyConnect');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly connections: SourceConnections,
    private readonly shops: ShopifyShops,
    private readonly rows: ShopifyConnectionRows,
    private readonly tokens: ShopifyTokens,
    private readonly webhooks: ShopifyWebhooks,
    private readonly client: ShopifyClient,
    private readonly members: CompanyMembers,
    private readonly users: UserDirectory,
    private readonly activity: ActivityService,
    private readonly orders: OrderLookup,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async start(
    req: Request,
    caller: CompanyAuthContext,
    shopInput: unknown,
  ): Promise<{ authorizeUrl: string }> {
    const shop = shopDomainOf(shopInput);
    if (!shop) {
      throw new AppError(
        'VALIDATION_FAILED',
        'shop must be the shop\u2019s myshopify.com domain, e.g. your-shop.myshopify.com',
      );
    }
    if (!this.client.configured) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'Shopify is not set up on this server (SHOPIFY_CLIENT_ID and SHOPIFY_CLIENT_SECRET)',
      );
    }
    const held = await this.shops.byShop(shop);
    if (held && held.company_id !== caller.companyId) {
      throw new AppError('CONFLICT', `${shop} is connected to another company`);
    }
    const state = randomBytes(32).toString('base64url');
    const redirectUri = `${this.origin(req)}/api/integrations/shopify/callback`;
    req.session.shopifyOAuth = {
      state,
      userId: caller.userId,
      companyId: caller.companyId,
      shop,
      createdAtMs: this.clock.nowMs(),
      redirectUri,
    };
    await new Promise<void>((resolve, reject) =>
      req.session.save((e) => (e ? reject(e as Error) : resolve())),
    );
    return { authorizeUrl: this.client.authorizeUrl(shop, state, redirectUri) };
  }

  /** The browser comes back from Shopify; answers where to send it (Settings, with the outcome). */
  async callback(req: Request, query: Record<string, unknown>): Promise<string> {
    const pending = req.session.shopifyOAuth;
    delete req.session.shopifyOAuth;
    await new Promise<void>((resolve) => req.session.save(() => resolve()));
    const secret = this.config.shopify.clientSecret;
    const state = typeof query.state === 'string' ? query.state : '';
    const shop = shopDomainOf(query.shop);
    const ts = Number(query.timestamp);
    const userId = req.session.userId;
    if (
      !pending ||
      !secret ||
      !userId ||
      pending.userId !== userId ||
      !same(pending.state, state) ||
      this.clock.nowMs() - pending.createdAtMs > STATE_TTL_MS
    ) {
      return this.result('error', 'This connection link is no longer valid. Please start again.');
    }
    if (query.error === 'access_denied') {
      return this.result('denied', 'The app was not installed on the shop.');
    }
    if (
      !verifyCallbackQuery(query, secret) ||
      shop !== pending.shop ||
      !Number.isFinite(ts) ||
      Math.abs(this.clock.nowMs() / 1000 - ts) > CALLBACK_SKEW_S ||
      typeof query.code !== 'string' ||
      !query.code
    ) {
      return this.result('error', 'Shopify\u2019s answer could not be verified. Please start again.');
    }
    const m = await this.members.activeOf(userId);
    const admin =
      m?.companyId === pending.companyId && m.role === 'COMPANY_ADMIN'
        ? await this.users.nameOf(userId)
        : null;
    if (!m || !admin) return this.result('error', 'Only a company admin can connect Shopify.');
    const scope = CompanyScope.ofJob(pending.companyId);
    try {
      const creds = await this.client.exchangeCode(shop, query.code, this.clock.nowMs());
      const id = await this.save(scope, userId, creds);
      // Not kept as the connection's webhook ids (ShipStation's): disconnect lists the shop's own. A
      // subscription Shopify refused shows on the connection and is tried again by the poll.
      const { ids: webhookIds, problem } = await this.webhooks.subscribe(id);
      await this.connections.webhookProblem(id, problem);
      await this.orders.syncSoon(pending.companyId);
      await this.activity.record({
        actor: { userId, email: admin.email, isPlatformAdmin: false, role: m.role },
        companyId: pending.companyId,
        action: 'sources.connected',
        target: 'Shopify',
        details: { shop, webhooks: webhookIds.length },
      });
      return this.result('connected');
    } catch (err) {
      if (err instanceof AppError) return this.result('error', err.message);
      this.logger.warn(`Shopify authorization failed: ${err instanceof Error ? err.message : String(err)}`);
      return this.result('error', 'Shopify did not complete the connection. Please try again.');
    }
  }

  /** The company's Shopify connection with the new tokens (a reconnect resumes the one it had). */
  private async save(scope: CompanyScope, userId: string, creds: ShopifyCredentials): Promise<string> {
    return this.db.transaction(async (tx) => {
      const holder = await this.shops.lockHolder(tx, creds.shop);
      if (holder && holder !== scope.companyId) {
        throw new AppError('CONFLICT', `${creds.shop} is connected to another company`);
      }
      const existing = await this.rows.lockOfCompany(scope, tx);
      const id = existing ?? randomUUID();
      const sealed = this.tokens.seal({ id, companyId: scope.companyId }, creds);
      if (existing) await this.rows.resume(tx, id, sealed, userId);
      else await this.rows.insert(tx, id, scope, sealed, userId);
      await this.shops.attach(tx, id, scope.companyId, creds.shop, creds.scope);
      return id;
    });
  }

  private origin(req: Request): string {
    if (this.config.publicUrlExplicit) return this.config.publicUrl.replace(/\/+$/, '');
    return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  }

  private result(outcome: 'connected' | 'denied' | 'error', message?: string): string {
    const params = new URLSearchParams({ integration: 'shopify', outcome });
    if (message) params.set('message', message);
    return `/dashboard?tab=settings&${params.toString()}`;
  }
}
