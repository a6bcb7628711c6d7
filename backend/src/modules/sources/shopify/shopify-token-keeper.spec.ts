import { describe, expect, it } from '@jest/globals';
import { ShopifyError, TokenKeeper, needsRefresh, type TokenStore } from './shopify-token-keeper.js';
import type { ShopifyCredentials } from './shopify.types.js';

const HOUR = 3_600_000;

class FakeClock {
  ms = Date.UTC(2026, 10, 27, 12);
  now = () => this.ms;
}

/** An in-memory store whose lock serialises `exclusive` like the database's does. */
class MemoryStore implements TokenStore {
  failingReason: string | null = null;
  private lock: Promise<unknown> = Promise.resolve();
  constructor(public creds: ShopifyCredentials) {}
  read = async () => ({ ...this.creds });
  exclusive = (
    _id: string,
    renew: (c: ShopifyCredentials) => Promise<ShopifyCredentials | null>,
  ): Promise<ShopifyCredentials> => {
    const run = this.lock.then(async () => {
      const next = await renew({ ...this.creds });
      if (next) this.creds = next;
      return { ...this.creds };
    });
    this.lock = run.catch(() => undefined);
    return run;
  };
  failing = async (_id: string, reason: string) => {
    this.failingReason = reason;
  };
}

function creds(clock: FakeClock, n: number): ShopifyCredentials {
  return {
    shop: 'demo.myshopify.com',
    accessToken: `at-${n}`,
    refreshToken: `rt-${n}`,
    expiresAt: clock.ms + HOUR,
    refreshTokenExpiresAt: null,
    scope: 'read_orders',
  };
}

function setup() {
  const clock = new FakeClock();
  const store = new MemoryStore(creds(clock, 1));
  const grants: string[] = [];
  let refuse = false;
  const keeper = new TokenKeeper(
    store,
    async (c) => {
      grants.push(c.refreshToken!);
      await new Promise((r) => setTimeout(r, 5));
      if (refuse) {
        throw new ShopifyError('REFRESH_REFUSED', 'Shopify refused to renew the access (invalid_grant)');
      }
      return creds(clock, grants.length + 1);
    },
    clock.now,
  );
  return { clock, store, grants, keeper, refuseNext: () => (refuse = true) };
}

describe('Shopify token keeper', () => {
  it('uses a fresh token as it is, and renews one about to expire before the call', async () => {
    const { clock, store, grants, keeper } = setup();
    expect(await keeper.use('c1', async (c) => c.accessToken)).toBe('at-1');
    expect(grants).toEqual([]);
    clock.ms += HOUR - 60_000;
    expect(needsRefresh(store.creds, clock.ms)).toBe(true);
    expect(await keeper.use('c1', async (c) => c.accessToken)).toBe('at-2');
    // The rotated refresh token was stored with the access token.
    expect(store.creds).toMatchObject({ accessToken: 'at-2', refreshToken: 'rt-2' });
    expect(grants).toEqual(['rt-1']);
  });

  it('renews once for many callers at the same time', async () => {
    const { clock, grants, keeper } = setup();
    clock.ms += 2 * HOUR;
    const used = await Promise.all(
      Array.from({ length: 8 }, () => keeper.use('c1', async (c) => c.accessToken)),
    );
    expect(new Set(used)).toEqual(new Set(['at-2']));
    expect(grants).toEqual(['rt-1']);
  });

  it('does not renew again a token another process renewed meanwhile', async () => {
    const { clock, store, grants, keeper } = setup();
    // Another process renewed after this one read at-1 and got a 401.
    store.creds = creds(clock, 7);
    const fresh = await keeper.refresh('c1', 'at-1', true);
    expect(fresh.accessToken).toBe('at-7');
    expect(grants).toEqual([]);
  });

  it('renews once after a 401 and runs the call again', async () => {
    const { grants, keeper } = setup();
    const seen: string[] = [];
    const result = await keeper.use('c1', async (c) => {
      seen.push(c.accessToken);
      if (c.accessToken === 'at-1') throw new ShopifyError('AUTH', 'Shopify answered 401', undefined, 401);
      return 'done';
    });
    expect(result).toBe('done');
    expect(seen).toEqual(['at-1', 'at-2']);
    expect(grants).toEqual(['rt-1']);
  });

  it('a second 401 after the renewal is the caller’s fault to see, not another renewal', async () => {
    const { grants, keeper } = setup();
    await expect(
      keeper.use('c1', async () => {
        throw new ShopifyError('AUTH', 'Shopify answered 401', undefined, 401);
      }),
    ).rejects.toMatchObject({ fault: 'AUTH' });
    expect(grants).toEqual(['rt-1']);
  });

  it('a refused renewal marks the connection failing with the reason and keeps the old credentials', async () => {
    const { clock, store, keeper, refuseNext } = setup();
    clock.ms += 2 * HOUR;
    refuseNext();
    let called = false;
    await expect(
      keeper.use('c1', async () => {
        called = true;
      }),
    ).rejects.toMatchObject({ fault: 'REFRESH_REFUSED' });
    expect(called).toBe(false);
    expect(store.failingReason).toMatch(/refused to renew/);
    expect(store.creds.refreshToken).toBe('rt-1');
  });
});
