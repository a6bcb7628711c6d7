import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { MAX_FILE_BYTES } from '@portal/shipment-rules';
import { InboundSftpServer } from '../src/modules/inbound/index.js';
import { csv, ledgerCounts, today, tracking, waitForTerminal } from './helpers/shipments.js';
import { eventually, sftpConnect, withSftp, type SftpCredentials } from './helpers/sftp-client.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

/**
 * The SFTP drop (decision 0070), against the real server on a loopback port, driven by ssh2's SFTP
 * client: a file put into `inbox/` goes through the one intake once, is listed in `done/`, and its
 * refused rows come back in `error/` as the brand's own file; temporary names wait for their rename;
 * files over the upload limit are refused; parallel puts from several companies each make one upload.
 */
describe('SFTP drop', () => {
  let t: TestApp;
  let port: number;
  const companies: Array<{ agent: TestAgent; companyId: string; login: SftpCredentials }> = [];

  beforeAll(async () => {
    t = await createTestApp({ INBOUND_SFTP_TICK_MS: '200', INBOUND_REPLY_WAIT_MS: '30000' });
    port = t.app.get(InboundSftpServer).port()!;
    const tokens = [
      SANDBOX_FIXTURES.brand1.token,
      SANDBOX_FIXTURES.brand2.token,
      SANDBOX_FIXTURES.brand3!.token,
      SANDBOX_FIXTURES.brand4!.token,
    ];
    for (const [i, token] of tokens.entries()) {
      const c = await t.companyAdmin(`sftp${i}@brand.test`, `Sftp ${i}`, token);
      const password = `drop-password-${i}-long`;
      const res = await c.agent.put('/api/company/inbound/sftp').send({ password }).expect(200);
      companies.push({ ...c, login: { username: res.body.sftp.username as string, password } });
    }
  });

  afterAll(async () => {
    await t.close();
  });

  const uploads = async (companyId: string) =>
    (
      await t.db.query<{ id: string; source: string; file_name: string; user_id: string | null }>(
        `SELECT id, source, file_name, user_id FROM uploads WHERE company_id = $1 ORDER BY created_at`,
        [companyId],
      )
    ).rows;

  it('takes a file put into inbox/ once, lists it in done/ and writes its refused rows to error/', async () => {
    const { companyId, login } = companies[0]!;
    const [o1, o2] = [
      t.sandbox.createOrder('brand1', { state: 'PROCESSING' }),
      t.sandbox.createOrder('brand1', { state: 'PROCESSING' }),
    ];
    const [c1, c2] = [tracking('SFTP'), tracking('SFTP')];
    const file = csv([
      [o1.id, c1, 'UPS', today(), '7.50'],
      [o2.id, c2, 'UPS', today(), '4.95'],
      [o2.id, '', 'UPS', today(), '1.00'],
    ]);
    await withSftp(port, login, async (c) => {
      expect(await c.realpath('.')).toBe('/');
      expect(await c.list('/')).toEqual(['done', 'error', 'inbox']);
      await c.put('inbox/daily.csv', file);
      // The CLOSE answer came after the staging: the file is in done/ at once, inbox/ is empty.
      expect(await c.list('inbox')).toEqual([]);
      expect(await c.list('/done')).toEqual(['daily.csv']);
      expect((await c.get('done/daily.csv')).equals(file)).toBe(true);
      expect(await c.stat('done/daily.csv')).toEqual({ size: file.length, isDirectory: false });
    });
    const [u] = await uploads(companyId);
    expect(u).toMatchObject({ source: 'SFTP', file_name: 'daily.csv', user_id: null });
    expect(await uploads(companyId)).toHaveLength(1);
    await waitForTerminal(t, companyId);
    expect(ledgerCounts(t.sandbox).get(`${o1.id}|${c1}`)).toBe(1);
    expect(ledgerCounts(t.sandbox).get(`${o2.id}|${c2}`)).toBe(1);

    const errorFile = await eventually(() =>
      withSftp(port, login, async (c) =>
        (await c.list('error')).includes('daily.csv.err.csv') ? c.get('error/daily.csv.err.csv') : null,
      ),
    );
    const lines = errorFile.toString('utf8').trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^order_id,tracking_number,carrier,ship_date,shipping_cost,/);
    expect(lines[1]).toContain(o2.id);
    expect(lines[1]).toMatch(/tracking number/i);

    // done/ and error/ files can be removed; done/ cannot be written to.
    await withSftp(port, login, async (c) => {
      await expect(c.put('done/other.csv', file)).rejects.toThrow(/inbox/);
      await c.remove('error/daily.csv.err.csv');
      expect(await c.list('error')).toEqual([]);
    });
  });

  it('holds a temporary name in inbox/ and takes the file once it is renamed', async () => {
    const { companyId, login } = companies[1]!;
    const before = (await uploads(companyId)).length;
    const o = t.sandbox.createOrder('brand2', { state: 'PROCESSING' });
    const file = csv([[o.id, tracking('TMP'), 'UPS', today(), '2.00']]);
    await withSftp(port, login, async (c) => {
      await c.put('inbox/batch.csv.tmp', file);
      expect(await c.list('inbox')).toEqual(['batch.csv.tmp']);
      expect(await uploads(companyId)).toHaveLength(before);
      await c.rename('inbox/batch.csv.tmp', 'inbox/batch.csv');
      expect(await c.list('inbox')).toEqual([]);
      expect(await c.list('done')).toContain('batch.csv');
      // A second rename of the same held file finds nothing: it was taken once.
      await expect(c.rename('inbox/batch.csv.tmp', 'inbox/batch.csv')).rejects.toThrow(/No such file/);
      await expect(c.rename('done/batch.csv', 'inbox/batch.csv')).rejects.toThrow();
    });
    expect(await uploads(companyId)).toHaveLength(before + 1);
  });

  it('refuses a file over the upload limit, and puts a file it cannot read into error/ with why', async () => {
    const { companyId, login } = companies[2]!;
    const before = (await uploads(companyId)).length;
    await withSftp(port, login, async (c) => {
      await expect(c.put('inbox/huge.csv', Buffer.alloc(MAX_FILE_BYTES + 1, 0x61))).rejects.toThrow(
        /upload limit/,
      );
      expect(await c.list('done')).toEqual([]);
      await c.put('inbox/odd.csv', Buffer.from('sku,qty\r\nA,1\r\n'));
      expect(await c.list('error')).toEqual(['odd.csv', 'odd.csv.err.txt']);
      expect((await c.get('error/odd.csv.err.txt')).toString()).toMatch(/Missing required columns/);
    });
    expect(await uploads(companyId)).toHaveLength(before);
    // The session still works after a refused write: the connection was not dropped.
    await withSftp(port, login, async (c) => expect(await c.list('/')).toHaveLength(3));
  });

  it('refuses path tricks: walking up, absolute paths outside the root, NUL bytes', async () => {
    const { login } = companies[3]!;
    const file = csv([['X1', tracking('BAD'), 'UPS', today(), '1.00']]);
    await withSftp(port, login, async (c) => {
      for (const path of ['..', '../', '/..', 'inbox/../..', '/etc', '/home', '/etc/passwd']) {
        await expect(c.list(path)).rejects.toThrow(/No such file/);
        await expect(c.stat(path)).rejects.toThrow(/No such file/);
      }
      await expect(c.realpath('..')).rejects.toThrow(/No such file/);
      for (const path of [
        '../x.csv',
        '/x.csv',
        '/tmp/x.csv',
        'inbox/../../x.csv',
        'inbox/x\0.csv',
        `/${companies[0]!.login.username}/inbox/x.csv`,
      ]) {
        await expect(c.put(path, file)).rejects.toThrow(/No such file/);
      }
      await expect(c.get('/etc/passwd')).rejects.toThrow(/No such file/);
      await expect(c.rename('inbox/a.tmp', '../a.csv')).rejects.toThrow(/No such file/);
      // Another company's files are not in this tree: its done/daily.csv is not seen here.
      expect(await c.list('done')).toEqual([]);
      await expect(c.get('done/daily.csv')).rejects.toThrow(/No such file/);
    });
  });

  it('makes one upload of each of 20 files put at once by 4 companies', async () => {
    const before = await Promise.all(companies.map(async (c) => (await uploads(c.companyId)).length));
    const puts = companies.flatMap((c, i) =>
      [0, 1, 2, 3, 4].map(async (n) => {
        const o = t.sandbox.createOrder(`brand${i + 1}`, { state: 'PROCESSING' });
        const client = await sftpConnect(port, c.login);
        try {
          await client.put(`inbox/parallel-${n}.csv`, csv([[o.id, tracking('PAR'), 'UPS', today(), '1.00']]));
        } finally {
          client.end();
        }
      }),
    );
    await Promise.all(puts);
    for (const [i, c] of companies.entries()) {
      const mine = (await uploads(c.companyId)).filter((u) => u.file_name.startsWith('parallel-'));
      expect(mine.map((u) => u.file_name).sort()).toEqual([0, 1, 2, 3, 4].map((n) => `parallel-${n}.csv`));
      expect((await uploads(c.companyId)).length).toBe(before[i]! + 5);
      await withSftp(port, c.login, async (s) =>
        expect((await s.list('done')).filter((n) => n.startsWith('parallel-'))).toHaveLength(5),
      );
    }
  });

  it('keeps one host key, stored sealed, the same for every connection', async () => {
    const keys = await Promise.all(
      [0, 1].map((i) => withSftp(port, companies[i]!.login, async (c) => c.hostKey)),
    );
    expect(keys[0]).toBe(keys[1]);
    expect(keys[0]).toBe(await t.app.get(InboundSftpServer).hostPublicKey());
    const { rows } = await t.db.query<{ key_sealed: string }>(
      `SELECT key_sealed FROM inbound_sftp_host_keys`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key_sealed).not.toMatch(/PRIVATE KEY/);
  });
});
