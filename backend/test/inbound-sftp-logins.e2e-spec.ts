import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import ssh2 from 'ssh2';
import { InboundSftpServer } from '../src/modules/inbound/index.js';
import { ed25519KeyPair } from '../src/modules/inbound/sftp/sftp-credentials.js';
import { sftpConnect, withSftp, type SftpCredentials } from './helpers/sftp-client.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

const { utils } = ssh2;

/**
 * The SFTP drop's logins (decision 0070): the Inbound card's routes set a password or add and remove
 * public keys (admins only, never answering a secret), and the real server lets in a company's own
 * password or key only, refusing a wrong password, a wrong key, an unknown user and another company's
 * login alike.
 */
describe('SFTP logins', () => {
  let t: TestApp;
  let port: number;
  let admin: TestAgent;
  let companyId: string;
  let other: TestAgent;
  const password = 'a-long-sftp-password';
  const otherPassword = 'the-other-sftp-password';
  const pair = ed25519KeyPair('ops@3pl.test');
  let username: string;
  let otherUsername: string;

  beforeAll(async () => {
    t = await createTestApp();
    port = t.app.get(InboundSftpServer).port()!;
    ({ agent: admin, companyId } = await t.companyAdmin(
      'keys@brand.test',
      'Keys A',
      SANDBOX_FIXTURES.brand1.token,
    ));
    ({ agent: other } = await t.companyAdmin('keys@other.test', 'Keys B', SANDBOX_FIXTURES.brand2.token));
  });

  afterAll(async () => {
    await t.close();
  });

  /** The refusal a login gets, as the client sees it: its message and level. */
  const refusal = (login: SftpCredentials) =>
    sftpConnect(port, login).then(
      (c) => (c.end(), 'let in'),
      (err: Error & { level?: string }) => `${err.level}: ${err.message}`,
    );

  it('shows where to connect and sets a password, refusing a short one', async () => {
    const before = await admin.get('/api/company/inbound').expect(200);
    expect(before.body.sftp).toEqual({
      host: 'localhost',
      port: 2222,
      username: expect.stringMatching(/^brand-[0-9a-f]{12}$/),
      hasPassword: false,
      keys: [],
    });
    username = before.body.sftp.username;
    const short = await admin.put('/api/company/inbound/sftp').send({ password: 'short' }).expect(400);
    expect(short.body.message).toMatch(/12 to 256 characters/);
    await admin.put('/api/company/inbound/sftp').send({}).expect(400);
    await admin.put('/api/company/inbound/sftp').send({ password, publicKey: pair.public }).expect(400);
    await admin.put('/api/company/inbound/sftp').send({ password: 42 }).expect(400);
    const set = await admin.put('/api/company/inbound/sftp').send({ password }).expect(200);
    expect(set.body.sftp).toMatchObject({ username, hasPassword: true });
    expect(JSON.stringify(set.body)).not.toContain(password);
    const o = await other.put('/api/company/inbound/sftp').send({ password: otherPassword }).expect(200);
    otherUsername = o.body.sftp.username;
    // Allowed senders need a mail-in address first: a company without one is told so.
    await other.put('/api/company/inbound/allowed-senders').send({ allowedSenders: [] }).expect(404);
    expect(otherUsername).not.toBe(username);
  });

  it('lets in the password of the login, and refuses every wrong login alike', async () => {
    await withSftp(port, { username, password }, async (c) => expect(await c.list('/')).toHaveLength(3));
    const refused = await Promise.all([
      refusal({ username, password: 'not-the-password' }),
      refusal({ username: 'brand-000000000000', password }),
      refusal({ username: otherUsername, password }),
      refusal({ username, password: otherPassword }),
      refusal({ username, privateKey: pair.private }),
    ]);
    expect(new Set(refused)).toEqual(
      new Set(['client-authentication: All configured authentication methods failed']),
    );
  });

  it('adds a public key (shown by fingerprint only), lets it in, and removes it', async () => {
    const bad = await admin
      .put('/api/company/inbound/sftp')
      .send({ publicKey: 'ssh-rsa nonsense' })
      .expect(400);
    expect(bad.body.message).toMatch(/Not an OpenSSH public key/);
    const priv = await admin.put('/api/company/inbound/sftp').send({ publicKey: pair.private }).expect(400);
    expect(priv.body.message).toMatch(/private key/);
    const added = await admin.put('/api/company/inbound/sftp').send({ publicKey: pair.public }).expect(200);
    const [key] = added.body.sftp.keys;
    expect(key).toEqual({
      id: expect.any(String),
      type: 'ssh-ed25519',
      fingerprint: expect.stringMatching(/^SHA256:[A-Za-z0-9+/]{43}$/),
      comment: 'ops@3pl.test',
      addedAt: expect.any(String),
    });
    expect(JSON.stringify(added.body)).not.toContain(pair.public.split(' ')[1]!);
    await admin.put('/api/company/inbound/sftp').send({ publicKey: pair.public }).expect(409);

    await withSftp(port, { username, privateKey: pair.private }, async (c) =>
      expect(await c.list('/')).toEqual(['done', 'error', 'inbox']),
    );
    const wrongKey = ed25519KeyPair().private;
    const rsaKey = utils.generateKeyPairSync('rsa', { bits: 2048 }).private;
    const refused = await Promise.all([
      refusal({ username, privateKey: wrongKey }),
      refusal({ username, privateKey: rsaKey }),
      refusal({ username: otherUsername, privateKey: pair.private }),
      refusal({ username: 'nobody', privateKey: pair.private }),
    ]);
    expect(new Set(refused)).toEqual(
      new Set(['client-authentication: All configured authentication methods failed']),
    );

    // Another company cannot remove it; its admin can, and the key no longer lets anyone in.
    await other.delete(`/api/company/inbound/sftp/keys/${key.id}`).expect(404);
    await admin.delete('/api/company/inbound/sftp/keys/not-a-uuid').expect(400);
    const removed = await admin.delete(`/api/company/inbound/sftp/keys/${key.id}`).expect(200);
    expect(removed.body.sftp.keys).toEqual([]);
    await admin.delete(`/api/company/inbound/sftp/keys/${key.id}`).expect(404);
    expect(await refusal({ username, privateKey: pair.private })).toBe(
      'client-authentication: All configured authentication methods failed',
    );
  });

  it('keeps passwords and keys out of the activity log and stores the password hashed', async () => {
    const { rows } = await t.db.query<{ action: string; details: unknown }>(
      `SELECT action, details FROM activity WHERE company_id = $1 AND action LIKE 'inbound.sftp%' ORDER BY id`,
      [companyId],
    );
    expect(rows.map((r) => r.action)).toEqual([
      'inbound.sftp_password_set',
      'inbound.sftp_key_added',
      'inbound.sftp_key_removed',
    ]);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(password);
    expect(text).not.toContain(pair.public.split(' ')[1]!);
    expect(text).toContain('SHA256:');
    const login = await t.db.query<{ password_hash: string }>(
      `SELECT password_hash FROM inbound_sftp_logins WHERE company_id = $1`,
      [companyId],
    );
    expect(login.rows[0]!.password_hash).toMatch(/^scrypt\$/);
    expect(login.rows[0]!.password_hash).not.toContain(password);
  });
});
