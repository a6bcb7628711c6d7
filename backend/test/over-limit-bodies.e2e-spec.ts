import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Over-limit bodies (decision 0029): the client, still sending, receives the 413 and its message. */
describe('a 413 the client can read', () => {
  let t: TestApp;
  let port: number;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.companyAdmin('big@limits.test', 'Big Files');
    const server = t.app.getHttpServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
    const res = await t.agent().post('/api/auth/dev-login').send({ email: 'big@limits.test' }).expect(200);
    cookie = (res.headers['set-cookie'] as unknown as string[])
      .find((c) => c.startsWith('sid='))!
      .split(';')[0]!;
  });

  afterAll(async () => {
    await t.close();
  });

  it('Node fetch of a 20 MB upload receives the 413 and "File size must be less than 10MB"', async () => {
    const results = [];
    for (let i = 0; i < 3; i++) {
      const form = new FormData();
      form.append('csv', new Blob([Buffer.alloc(20 * 1024 * 1024, 'a')], { type: 'text/csv' }), 'big.csv');
      const res = await fetch(`http://127.0.0.1:${port}/api/shipments/upload`, {
        method: 'POST',
        body: form,
        headers: { cookie, 'x-requested-with': 'test' },
      });
      results.push({ status: res.status, body: (await res.json()) as { message: string } });
    }
    for (const r of results) {
      expect(r.status).toBe(413);
      expect(r.body.message).toBe('File size must be less than 10MB');
    }
    // The server still answers.
    await t.agent().get('/api/health').expect(200);
  }, 60_000);

  it('curl -F of an 11 MB file receives the 413 and its message', async () => {
    const file = join(t.config.localStateDir, 'eleven.csv');
    writeFileSync(file, Buffer.alloc(11 * 1024 * 1024, 'b'));
    // Run beside the server (not blocking it): curl sends `Expect: 100-continue` for a file this big.
    const out = await new Promise<string | null>((resolve) => {
      execFile(
        'curl',
        [
          '-sS',
          '-m',
          '30',
          '-H',
          `Cookie: ${cookie}`,
          '-H',
          'X-Requested-With: test',
          '-F',
          `csv=@${file};type=text/csv`,
          '-w',
          '\n%{http_code}',
          `http://127.0.0.1:${port}/api/shipments/upload`,
        ],
        (err, stdout) => resolve((err as NodeJS.ErrnoException | null)?.code === 'ENOENT' ? null : stdout),
      );
    });
    if (out === null) return; // no curl on this machine: the fetch case above stands
    const [body, code] = out.trim().split('\n');
    expect(code).toBe('413');
    expect(JSON.parse(body!).message).toBe('File size must be less than 10MB');
  }, 60_000);
});
