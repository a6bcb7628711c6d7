import { beforeEach, describe, expect, it } from '@jest/globals';
import type { AppConfig } from '../../src/common/config/index.js';
import type { CompanyAuthContext } from '../../src/common/http/auth-context.js';
import type { SourceConnection } from '../../src/modules/sources/entities/source-connection.entity.js';
import { IntegrationsService } from '../../src/modules/sources/integrations.service.js';
import { COMPANY_A, COMPANY_B } from '../fakes/fake-shipments-repository.js';

/**
 * The Integrations card's rules (who manages, what a change may hold, a disconnect that keeps the
 * connection paused and resumes only by connecting again) on in-memory connections and a fake
 * connector: no Nest, no Postgres, no source sandbox. The HTTP answers stay in sources-shipstation.
 */

const CONN = '30000000-0000-4000-8000-000000000001';
const THEIRS = '30000000-0000-4000-8000-000000000002';

const connection = (over: Partial<SourceConnection> = {}): SourceConnection =>
  ({
    id: CONN,
    companyId: COMPANY_A,
    kind: 'SHIPSTATION',
    paused: false,
    disconnectedAt: null,
    failingReason: null,
    webhookProblem: null,
    lastSyncAt: null,
    mode: 'AUTO',
    costRule: { kind: 'LABEL' },
    carrierMap: {},
    acceptNewOrders: false,
    sendZeroCost: false,
    currency: 'USD',
    connectedAt: new Date('2026-12-07T09:00:00Z'),
    ...over,
  }) as SourceConnection;

const caller = (role: 'COMPANY_ADMIN' | 'COMPANY_USER' = 'COMPANY_ADMIN'): CompanyAuthContext =>
  ({
    userId: 'u1',
    email: 'ada@brand.test',
    name: 'Ada',
    companyId: COMPANY_A,
    companyName: 'Brand',
    role,
    membershipId: 'm1',
  }) as CompanyAuthContext;

class World {
  rows: SourceConnection[] = [connection(), connection({ id: THEIRS, companyId: COMPANY_B })];
  updates: Partial<SourceConnection>[] = [];
  disconnected: { id: string; why: string }[] = [];
  connectorCalls: string[] = [];
  activity: { action: string; target?: string; details?: unknown }[] = [];

  service(): IntegrationsService {
    const mine = (scope: { companyId: string }) => this.rows.filter((r) => r.companyId === scope.companyId);
    const connections = {
      list: async (scope: { companyId: string }) => mine(scope),
      find: async (scope: { companyId: string }, id: string) => mine(scope).find((r) => r.id === id) ?? null,
      update: async (_scope: unknown, id: string, patch: Partial<SourceConnection>) => {
        this.updates.push(patch);
        Object.assign(
          this.rows.find((r) => r.id === id)!,
          patch,
        );
      },
      disconnect: async (_scope: unknown, id: string, why: string) => {
        this.disconnected.push({ id, why });
        Object.assign(
          this.rows.find((r) => r.id === id)!,
          { paused: true, disconnectedAt: new Date() },
        );
      },
    };
    const connector = {
      dropWebhooks: async () => void this.connectorCalls.push('dropWebhooks'),
      forget: async () => void this.connectorCalls.push('forget'),
      words: { name: 'ShipStation' },
    };
    const registry = {
      name: () => 'ShipStation',
      find: () => connector,
      kinds: () => ['SHIPSTATION', 'SHOPIFY'],
    };
    const read = { today: async () => new Map(), attention: async () => [] };
    const shipments = {
      today: async () => new Map([[CONN, { created: 3, onTheirOwn: 1 }]]),
    };
    const activity = {
      record: async (e: { action: string; target?: string; details?: unknown }) =>
        void this.activity.push({ action: e.action, target: e.target, details: e.details }),
    };
    const config = { marketplace: { orderUrlTemplate: 'https://faire.test/orders/{id}' } } as AppConfig;
    return new IntegrationsService(
      connections as never,
      read as never,
      shipments as never,
      registry as never,
      {} as never,
      activity as never,
      config,
    );
  }
}

describe('IntegrationsService', () => {
  let w: World;
  let svc: IntegrationsService;
  beforeEach(() => {
    w = new World();
    svc = w.service();
  });

  it('lists the company’s connections only, managed by its admins only', async () => {
    const admin = await svc.list(caller());
    expect(admin.connections.map((c) => [c.id, c.status, c.canManage, c.sentToday, c.arrivedToday])).toEqual([
      [CONN, 'CONNECTED', true, 3, 1],
    ]);
    expect(admin.available).toEqual(['SHIPSTATION', 'SHOPIFY']);
    expect((await svc.list(caller('COMPANY_USER'))).connections[0]!.canManage).toBe(false);
  });

  it('applies only the fields given, checks the carrier map, and logs what changed', async () => {
    const view = await svc.patch(caller(), CONN, {
      mode: 'REVIEW',
      acceptNewOrders: true,
      carrierMap: { ' FedEx_Ground ': 'FEDEX' },
    } as never);
    expect(w.updates).toEqual([
      { mode: 'REVIEW', acceptNewOrders: true, carrierMap: { fedex_ground: 'FEDEX' } },
    ]);
    expect(view).toMatchObject({
      mode: 'REVIEW',
      acceptNewOrders: true,
      carrierMap: { fedex_ground: 'FEDEX' },
    });
    expect(w.activity).toEqual([
      {
        action: 'sources.changed',
        target: 'ShipStation',
        details: { changed: ['mode', 'acceptNewOrders', 'carrierMap'] },
      },
    ]);
  });

  it('refuses a carrier map naming what Faire does not know, a bad code, or more than 100 entries', async () => {
    await expect(svc.patch(caller(), CONN, { carrierMap: { ups_x: 'PIGEON' } })).rejects.toThrow(
      'carrierMap: ups_x must map to a Faire carrier',
    );
    await expect(svc.patch(caller(), CONN, { carrierMap: { 'a b': 'UPS' } })).rejects.toThrow(
      'is not a carrier code',
    );
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`c${i}`, 'UPS']));
    await expect(svc.patch(caller(), CONN, { carrierMap: many })).rejects.toThrow('more than 100');
    expect(w.updates).toEqual([]);
  });

  it('checks a cost rule: a flat amount needs its amount', async () => {
    await expect(svc.patch(caller(), CONN, { costRule: { kind: 'FLAT' } } as never)).rejects.toThrow(
      'costRule.flatCents is required for FLAT',
    );
    await svc.patch(caller(), CONN, { costRule: { kind: 'FLAT', flatCents: 500 } } as never);
    expect(w.updates).toEqual([{ costRule: { kind: 'FLAT', flatCents: 500 } }]);
  });

  it('answers another company’s connection and a malformed id as not found', async () => {
    await expect(svc.patch(caller(), THEIRS, { paused: true })).rejects.toThrow('Connection not found');
    await expect(svc.disconnect(caller(), 'nope')).rejects.toThrow('Connection not found');
    expect(w.updates).toEqual([]);
    expect(w.connectorCalls).toEqual([]);
  });

  it('disconnects by dropping the webhooks and the credentials, keeping the connection paused', async () => {
    await expect(svc.disconnect(caller(), CONN)).resolves.toEqual({ ok: true });
    expect(w.connectorCalls).toEqual(['dropWebhooks', 'forget']);
    expect(w.disconnected).toEqual([{ id: CONN, why: 'Disconnected in the portal by ada@brand.test' }]);
    expect(w.activity).toEqual([
      { action: 'sources.disconnected', target: 'ShipStation', details: undefined },
    ]);
    expect((await svc.list(caller())).connections[0]!.status).toBe('DISCONNECTED');
  });

  it('resumes a disconnected connection only by connecting again, while its settings may still change', async () => {
    await svc.disconnect(caller(), CONN);
    await expect(svc.patch(caller(), CONN, { paused: false })).rejects.toThrow(
      'ShipStation is disconnected; connect it again to resume',
    );
    await svc.patch(caller(), CONN, { sendZeroCost: true });
    expect(w.updates).toEqual([{ sendZeroCost: true }]);
  });
});
