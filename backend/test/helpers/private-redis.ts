import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

/**
 * A Redis server of this test's own (no persistence, like the machine's), so it can really be killed and
 * started again without touching the Redis other suites use.
 */
export class PrivateRedis {
  private child?: ChildProcess;
  private readonly dir = mkdtempSync(join(tmpdir(), 'portal-redis-'));

  constructor(readonly port: number) {}

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        this.dir,
      ],
      { stdio: 'ignore' },
    );
    let failed: Error | undefined;
    this.child.once('error', (err) => {
      failed = new Error(`This test runs its own redis-server, which could not be started: ${err.message}`);
    });
    const probe = new Redis(this.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    const deadline = Date.now() + 10_000;
    try {
      for (;;) {
        try {
          await probe.connect();
          if ((await probe.ping()) === 'PONG') return;
        } catch {
          if (failed) throw failed;
          if (Date.now() > deadline) throw new Error(`redis-server on port ${this.port} did not start`);
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    } finally {
      probe.disconnect();
    }
  }

  /** SIGKILL: everything in memory (every queued job, every rate-limit slot) is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
