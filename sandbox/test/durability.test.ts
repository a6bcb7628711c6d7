import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SANDBOX_FIXTURES } from '../src/index.js';
import { call, ship, TOKEN1 } from './helpers.js';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const F = SANDBOX_FIXTURES.brand1;

async function launch(dataFile: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [cli], {
    env: { ...process.env, SANDBOX_PORT: '0', SANDBOX_DATA_FILE: dataFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    child.once('exit', (code) => reject(new Error(`exited early with ${String(code)}`)));
  });
  return { child, url: /(http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1] ?? '' };
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('durable writes', () => {
  it.skipIf(!existsSync(cli))(
    'every answered shipment survives a SIGKILL sent right after the answer',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'faire-sandbox-kill-'));
      const file = join(dir, 'state.json');
      try {
        const orders = [F.processingOrderId, F.processingOrderId2, F.lateProcessingOrderId];
        const sent: string[] = [];
        for (let round = 0; round < 3; round++) {
          const { child, url } = await launch(file);
          try {
            for (const [i, orderId] of orders.entries()) {
              const code = `1ZKILL${round}${i}`;
              const r = await call('POST', `${url}/external-api/v2/orders/${orderId}/shipments`, {
                token: TOKEN1,
                body: ship(undefined, code),
              });
              expect(r.status).toBe(200);
              sent.push(code);
            }
          } finally {
            // Killed the moment the last answer arrived: no debounce, no shutdown hook.
            await kill(child);
          }
        }
        const saved = JSON.parse(await readFile(file, 'utf8')) as {
          records: { order: { id: string; shipments: { tracking_code: string }[] } }[];
          ledger: { trackingCodes: string[]; outcome: string }[];
        };
        const onOrders = saved.records
          .filter((r) => orders.includes(r.order.id))
          .flatMap((r) => r.order.shipments.map((s) => s.tracking_code))
          .filter((c) => c.startsWith('1ZKILL'))
          .sort();
        expect(onOrders).toEqual([...sent].sort());
        expect(saved.ledger.filter((e) => e.outcome === 'created').flatMap((e) => e.trackingCodes)).toEqual(
          sent,
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
