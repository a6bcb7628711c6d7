import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { call } from './helpers.js';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

describe('shipstation-sandbox CLI', () => {
  it.skipIf(!existsSync(cli))('starts from env, prints its URL and exits cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [cli], {
      env: {
        ...process.env,
        SHIPSTATION_SANDBOX_PORT: '0',
        SHIPSTATION_SANDBOX_API_KEY: 'env_key',
        SHIPSTATION_SANDBOX_API_SECRET: 'env_secret',
        SHIPSTATION_SANDBOX_RESOURCE_ORIGIN: 'https://ssapi4.shipstation.com',
        SHIPSTATION_SANDBOX_SUBSCRIBE_ANSWER: 'id',
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
      const url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1] ?? '';
      expect(line).toMatch(/^ShipStation sandbox listening on http:\/\/127\.0\.0\.1:\d+/);
      const basic = (pair: string) => `Basic ${Buffer.from(pair).toString('base64')}`;
      const ok = await call('GET', `${url}/stores`, { auth: basic('env_key:env_secret') });
      expect(ok.status).toBe(200);
      const old = await call('GET', `${url}/stores`, { auth: basic('sbx_ss_key:sbx_ss_secret') });
      expect(old.status).toBe(401);
      const knobs = await call('GET', `${url}/_sandbox/webhooks`, { auth: null });
      expect(knobs.body).toMatchObject({
        resourceOrigin: 'https://ssapi4.shipstation.com',
        subscribeAnswer: 'id',
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
