import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { call } from './helpers.js';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

describe('shopify-sandbox CLI', () => {
  it.skipIf(!existsSync(cli))('starts from env, prints its URL and exits cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [cli], {
      env: {
        ...process.env,
        SHOPIFY_SANDBOX_PORT: '0',
        SHOPIFY_SANDBOX_SHOP: 'env-shop.myshopify.com',
        SHOPIFY_SANDBOX_REDIRECT_URIS: 'http://127.0.0.1:9/a, http://127.0.0.1:9/b',
        SHOPIFY_SANDBOX_ALLOW_INSECURE_WEBHOOK_URIS: '1',
        SHOPIFY_SANDBOX_API_VERSIONS: '2026-07,2026-10',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('\n')) resolve(out.trim());
        });
        child.once('exit', (code) => reject(new Error(`exited early with ${String(code)}`)));
      });
      expect(line).toMatch(
        /^Shopify sandbox listening on http:\/\/127\.0\.0\.1:\d+ \(shop env-shop\.myshopify\.com\)$/,
      );
      const url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1] ?? '';
      const root = await call('GET', url);
      expect(root.body.shop).toBe('env-shop.myshopify.com');
      const denied = await call('POST', `${url}/admin/api/2026-10/graphql.json`, {
        query: '{ shop { name } }',
      });
      expect(denied.status).toBe(401);
      expect(root.body.apiVersions).toEqual({ stable: ['2026-07', '2026-10'], releaseCandidate: '2027-01' });
      const authorize = (redirect: string) =>
        call(
          'GET',
          `${url}/admin/oauth/authorize?client_id=sbx_shopify_client_id&scope=read_orders&state=s&redirect_uri=${encodeURIComponent(redirect)}`,
        );
      expect((await authorize('http://127.0.0.1:9/b')).status).toBe(200);
      expect((await authorize('http://127.0.0.1:9/c')).status).toBe(400);
      const local = await call('POST', `${url}/_sandbox/webhooks/subscriptions`, {
        topic: 'shop/redact',
        uri: 'http://127.0.0.1:9/hooks',
      });
      expect(local.status).toBe(201);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
