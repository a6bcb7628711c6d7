import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pg from 'pg';
import { pinoHttp } from 'pino-http';
import { QueryFailedError } from 'typeorm';
import { loggerParams } from '../src/common/logging/logger.js';
import { LINK_NOT_STORED, MailService } from '../src/modules/mail/mail.service.js';
import { TEST_PG_BASE } from './helpers/env.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Sends raw HTTP and resolves with everything the server wrote until it closed the connection. */
function rawExchange(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let got = '';
    socket.on('data', (d: Buffer) => (got += d.toString()));
    socket.on('end', () => resolve(got));
    socket.on('close', () => resolve(got));
    socket.on('error', reject);
  });
}

describe('the edge of the API (issue 11, point 7)', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    const server = t.app.getHttpServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['GET', '/api/health', 200],
    ['GET', '/api/auth/me', 401],
    ['GET', '/api/no-such-route', 404],
    ['POST', '/api/auth/dev-login', 400],
  ])('%s %s (%d) is sent with Cache-Control: no-store', async (method, url, status) => {
    const agent = t.agent();
    const res = method === 'GET' ? await agent.get(url) : await agent.post(url).send({ email: 'nope' });
    expect(res.status).toBe(status);
    expect(res.headers['cache-control']).toMatch(/(^|, )no-store(,|$)/);
  });

  it.each([
    ['application/json', 'The request body is too large (the limit is 2 MB)'],
    ['multipart/form-data; boundary=x', 'File size must be less than 10MB'],
  ])('a declared 1 GB %s body is answered 413 at once and the connection closed', async (type, message) => {
    const answer = await rawExchange(
      port,
      `POST /api/shipments/upload HTTP/1.1\r\nHost: x\r\nX-Requested-With: t\r\nContent-Type: ${type}\r\nContent-Length: 1073741824\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/cache-control: no-store/i);
    expect(answer).toContain(JSON.stringify({ message, code: 'PAYLOAD_TOO_LARGE' }));
  });

  it('a JSON body over 2 MB sent without a length is refused with 413 naming the real limit', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/auth/dev-login',
          headers: {
            'Content-Type': 'application/json',
            'X-Requested-With': 't',
            'Transfer-Encoding': 'chunked',
          },
        },
        (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        },
      );
      req.on('error', reject);
      req.end(`{"name":"${'x'.repeat(2 * 1024 * 1024 + 10)}"}`);
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toBe('The request body is too large (the limit is 2 MB)');
  });

  it('builds redirect URLs from PUBLIC_URL, never from the Host header', async () => {
    // Only a company admin may connect the company's Faire account (decision 0014).
    const { agent } = await t.companyAdmin('host@edges.test', 'Host Edges Co');
    const res = await agent.get('/api/oauth/faire/authorize').set('Host', 'evil.example').expect(200);
    const redirect = new URL(res.body.authUrl as string).searchParams.get('redirectUrl');
    expect(redirect).toBe('http://localhost:3000/api/oauth/faire/callback');
  });

  it('logs a failed query without its parameter values', async () => {
    const client = new pg.Client({ connectionString: `${TEST_PG_BASE}/postgres` });
    await client.connect();
    const secret = 'owner-secret@brand.test';
    let failure: unknown;
    try {
      await client.query('SELECT $1::uuid AS id, $2::int AS n', [secret, 'also-secret-42']);
    } catch (err) {
      failure = new QueryFailedError(
        'SELECT $1::uuid AS id, $2::int AS n',
        [secret, 'also-secret-42'],
        err as Error,
      );
    } finally {
      await client.end();
    }
    expect(String((failure as Error).message)).toContain(secret);
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const params = loggerParams({ ...t.config, log: { level: 'info', pretty: false } });
    const http = pinoHttp(params.pinoHttp as object, sink);
    http.logger.error({ err: failure, errorId: 'e1' }, 'Unhandled error');
    const logged = lines.join('');
    expect(logged).toContain('SELECT $1::uuid');
    expect(logged).toContain('invalid input syntax for type uuid');
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain('also-secret-42');
  });
});

describe('production mode', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      NODE_ENV: 'production',
      AUTH_DEV_LOGIN: '',
      SESSION_SECRET: 's'.repeat(48),
      APP_ENCRYPTION_KEY: 'ab'.repeat(32),
    });
  });

  afterAll(async () => {
    await t.close();
  });

  it('boots with PUBLIC_URL and a real Faire URL, and runs no built-in sandbox', () => {
    expect(t.config.isProduction).toBe(true);
    expect(t.config.marketplace.sandbox).toBeNull();
    expect(t.config.publicUrl).toBe('http://localhost:3000');
  });

  it('keeps no invitation link or token in the mail outbox', async () => {
    const token = 'tok_0123456789abcdefghijklmnop';
    const link = `${t.config.publicUrl}/accept-invite?token=${token}`;
    await t.app.get(MailService).send({
      to: 'prod-invitee@edges.test',
      subject: 'You are invited',
      text: `Open this link to accept:\n\n${link}\n\nThe link works once.`,
      link,
    });
    const { rows } = await t.db.query<{ body_text: string; link: string | null }>(
      "SELECT body_text, link FROM mail_outbox WHERE to_email = 'prod-invitee@edges.test'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.link).toBeNull();
    expect(rows[0]!.body_text).not.toContain(token);
    expect(rows[0]!.body_text).toContain(LINK_NOT_STORED);
    expect(rows[0]!.body_text).toContain('The link works once.');
  });
});
