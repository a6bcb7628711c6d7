import { startShopifySandbox, type ShopifySandboxHandle } from '@portal/shopify-sandbox';
import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { freePort } from './ports.js';
import { SHOPIFY_DEMO_CLIENT } from '../../src/common/config/index.js';
import { createTestApp, type TestAgent, type TestApp } from './test-app.js';

export interface ShopifyWorld {
  t: TestApp;
  shopify: ShopifySandboxHandle;
  admin: TestAgent;
  companyId: string;
  close(): Promise<void>;
}

/**
 * The app listening on a real port with the worker in-process, a Shopify sandbox, and a company whose
 * Faire brand (the Faire sandbox's brand1) is connected and whose orders are synced.
 */
export async function shopifyWorld(
  env: Record<string, string> = {},
  email = 'shopify@brand.test',
): Promise<ShopifyWorld> {
  const port = await freePort();
  const publicUrl = env.PUBLIC_URL ?? `http://127.0.0.1:${port}`;
  // The app's callback registered, and its local http webhook address accepted (Shopify takes only https).
  const shopify = await startShopifySandbox({
    port: 0,
    redirectUris: [`${publicUrl}/api/integrations/shopify/callback`],
    allowInsecureWebhookUris: true,
  });
  const t = await createTestApp({
    PUBLIC_URL: publicUrl,
    SHOPIFY_API_BASE_URL: shopify.url,
    SOURCE_GRACE_MS: '0',
    SOURCE_TICK_MS: '300',
    ...env,
  });
  await t.app.listen(port, '127.0.0.1');
  const { agent: admin, companyId } = await t.companyAdmin(
    email,
    'Shopify Brand',
    SANDBOX_FIXTURES.brand1.token,
  );
  return {
    t,
    shopify,
    admin,
    companyId,
    async close() {
      await shopify.close();
      await t.close();
    },
  };
}

/** The admin connects the sandbox shop: the app's authorize URL, the consent approved, the callback followed. */
export async function connectShop(w: ShopifyWorld, admin: TestAgent = w.admin): Promise<string> {
  const start = await admin.post('/api/integrations/shopify').send({ shop: w.shopify.shop }).expect(200);
  const url = new URL(start.body.authorizeUrl as string);
  const consent = await fetch(`${w.shopify.url}/admin/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: url.searchParams.get('client_id')!,
      scope: url.searchParams.get('scope')!,
      redirect_uri: url.searchParams.get('redirect_uri')!,
      state: url.searchParams.get('state')!,
      shop: w.shopify.shop,
      decision: 'approve',
    }),
  });
  const back = new URL(consent.headers.get('location')!);
  const done = await admin.get(`${back.pathname}${back.search}`).expect(302);
  return done.headers.location as string;
}

export const SHOPIFY_SECRET = SHOPIFY_DEMO_CLIENT.secret;

/** A Faire order (PROCESSING) and the Shopify order Faire's app wrote for it, named `#<n>` with the attribute. */
export function faireOrderInShop(
  w: ShopifyWorld,
  n: number,
  byName = false,
): { faireId: string; name: string } {
  const faireId = w.t.sandbox.createOrder('brand1', { state: 'PROCESSING' }).id;
  const display = faireId.replace(/^bo_/, '').toUpperCase();
  const name = byName ? display : `#${n}`;
  w.shopify.control.createOrder({ name, faireOrderNumber: display });
  return { faireId, name };
}

export async function until<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
