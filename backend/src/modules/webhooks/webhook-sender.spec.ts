import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { sendWebhook } from './webhook-sender.js';

const SECRET = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;

describe('sending one webhook', () => {
  let server: Server;
  let base: string;
  const seen: { url: string; headers: IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ url: req.url ?? '', headers: req.headers, body });
        if (req.url === '/moved') {
          res.writeHead(302, { location: `${base}/elsewhere` });
          res.end();
        } else if (req.url === '/big') {
          res.writeHead(500);
          res.end('x'.repeat(200_000));
        } else if (req.url === '/slow') {
          setTimeout(() => res.end('late'), 2000).unref();
        } else {
          res.end('ok');
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const send = (path: string, o: { timeoutMs?: number; allowPrivate?: boolean } = {}) =>
    sendWebhook({
      url: `${base}${path}`,
      id: 'msg_1',
      body: '{"type":"webhook.test"}',
      secret: SECRET,
      timeoutMs: o.timeoutMs ?? 3000,
      allowPrivate: o.allowPrivate ?? true,
    });

  it('signs so that standardwebhooks verifies it, and answers 2xx as delivered', async () => {
    expect(await send('/ok')).toEqual({ ok: true, status: 200, response: 'ok', error: null });
    const got = seen.find((s) => s.url === '/ok')!;
    expect(got.headers['webhook-id']).toBe('msg_1');
    expect(new Webhook(SECRET).verify(got.body, got.headers as Record<string, string>)).toEqual({
      type: 'webhook.test',
    });
  });

  it('does not follow a redirect', async () => {
    const r = await send('/moved');
    expect(r).toMatchObject({ ok: false, status: 302 });
    expect(r.error).toMatch(/redirect to http:\/\/127\.0\.0\.1:\d+\/elsewhere: redirects are not followed/);
    expect(seen.some((s) => s.url === '/elsewhere')).toBe(false);
  });

  it('keeps only the start of a long answer', async () => {
    const r = await send('/big');
    expect(r).toMatchObject({ ok: false, status: 500, error: 'The endpoint answered 500' });
    expect(r.response!.length).toBeLessThanOrEqual(501);
  });

  it('gives up on an endpoint that does not answer in time', async () => {
    const r = await send('/slow', { timeoutMs: 300 });
    expect(r).toMatchObject({ ok: false, status: null, error: 'The endpoint did not answer within 0.3 s' });
  });

  it('refuses plain http and loopback addresses unless they are allowed', async () => {
    const r = await send('/ok', { allowPrivate: false });
    expect(r.error).toMatch(/^Not sent: the url must start with https:\/\//);
    const loop = await sendWebhook({
      url: base.replace('http:', 'https:'),
      id: 'msg_2',
      body: '{}',
      secret: SECRET,
      timeoutMs: 1000,
      allowPrivate: false,
    });
    expect(loop.error).toMatch(/^Not sent: the url points to a private, loopback or link-local address/);
  });
});
