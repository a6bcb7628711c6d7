import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { TestApp } from './test-app.js';

/**
 * Polls /api/health from a second client until `work` settles; answers the statuses it got before that.
 * `work` may be a function given a promise of the first answer that came after it started.
 */
export async function pollingHealth<T>(
  t: TestApp,
  work: Promise<T> | ((answered: Promise<void>) => Promise<T>),
): Promise<{ result: T; health: number[] }> {
  const health: number[] = [];
  let finished = false;
  let answered!: () => void;
  const first = new Promise<void>((r) => (answered = r));
  const poller = (async () => {
    while (!finished) {
      const res = await request(t.app.getHttpServer()).get('/api/health');
      if (!finished) health.push(res.status);
      answered();
    }
  })();
  try {
    const result = await (typeof work === 'function' ? work(first) : work);
    return { result, health };
  } finally {
    finished = true;
    answered();
    await poller;
  }
}

/**
 * Uploads of the signed-in `email` whose file is sent in parts, on a port of the app's own: the last
 * 64 KB of the file wait for `release`, so the server (which reads the whole file before parsing it)
 * cannot have answered before then, and the upload is in flight until then.
 */
export function heldUploads(app: () => TestApp, email: string) {
  let server: Server | undefined;
  let session = '';
  let base = '';
  async function ready(): Promise<void> {
    if (server) return;
    server = createServer(app().app.getHttpAdapter().getInstance());
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const login = await fetch(`${base}/api/auth/dev-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'test' },
      body: JSON.stringify({ email, name: email.split('@')[0] }),
    });
    if (login.status !== 200) throw new Error(`dev sign-in answered ${login.status}`);
    session = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }
  return {
    async upload(
      body: Buffer,
      release: Promise<void>,
    ): Promise<{ status: number; body: { message?: string } }> {
      await ready();
      const boundary = `held${randomBytes(8).toString('hex')}`;
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="csv"; filename="hostile.csv"\r\n` +
          'Content-Type: text/csv\r\n\r\n',
      );
      const split = Math.max(0, body.length - 64 * 1024);
      const stream = new ReadableStream<Uint8Array>({
        async start(c) {
          c.enqueue(head);
          c.enqueue(body.subarray(0, split));
          await release;
          c.enqueue(body.subarray(split));
          c.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
          c.close();
        },
      });
      const res = await fetch(`${base}/api/shipments/upload`, {
        method: 'POST',
        body: stream,
        duplex: 'half',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          cookie: session,
          'x-requested-with': 'test',
        },
      } as RequestInit);
      return { status: res.status, body: (await res.json()) as { message?: string } };
    },
    close(): Promise<void> {
      return new Promise((r) => (server ? server.close(() => r()) : r()));
    },
  };
}
