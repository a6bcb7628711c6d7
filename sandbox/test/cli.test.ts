import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { call } from './helpers.js';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

describe('faire-sandbox CLI', () => {
  it.skipIf(!existsSync(cli))('starts from env, prints its URL and exits cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [cli], {
      env: {
        ...process.env,
        SANDBOX_PORT: '0',
        SANDBOX_BRAND1_TOKEN: 'env_token_1',
        SANDBOX_APP_SECRET: 'env_secret',
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
      expect(line).toMatch(/^Faire sandbox listening on http:\/\/127\.0\.0\.1:\d+/);
      const ok = await call('GET', `${url}/external-api/v2/brands/profile`, { token: 'env_token_1' });
      expect(ok.status).toBe(200);
      const old = await call('GET', `${url}/external-api/v2/brands/profile`, { token: 'sbx_brand1_token' });
      expect(old.status).toBe(401);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
