import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { call } from './helpers.js';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

describe('shopify-sandbox CLI', () => {
  it.skipIf(!existsSync(cli))('starts from env, prints its URL and exits cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [cli], {
      env: { ...process.env, SHOPIFY_SANDBOX_PORT: '0', SHOPIFY_SANDBOX_SHOP: 'env-shop.myshopify.com' },
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
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
