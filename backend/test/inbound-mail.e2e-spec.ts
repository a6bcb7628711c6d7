import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import { connect, createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { MAX_FILE_BYTES } from '@portal/shipment-rules';
import { InboundSmtpReceiver } from '../src/modules/inbound/index.js';
import { csv, ledgerCounts, today, tracking, waitForTerminal } from './helpers/shipments.js';
import { API_ONLY, createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

/**
 * Mail-in (decision 0069), against the real receiver on a loopback port, driven by a mail client: a
 * company's address takes CSV attachments through the one intake, exactly once per message, and the
 * sender gets one reply (captured by an SMTP server standing in for the product's mail relay).
 */
describe('mail-in address', () => {
  let t: TestApp;
  let relay: SMTPServer;
  const replies: ParsedMail[] = [];
  let admin: TestAgent;
  let companyId: string;
  let otherAdmin: TestAgent;
  let otherCompanyId: string;
  let port: number;

  beforeAll(async () => {
    relay = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData(stream, _session, done) {
        simpleParser(stream).then((m) => (replies.push(m), done()), done);
      },
    });
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
    const relayPort = (relay.server.address() as AddressInfo).port;
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${relayPort}`,
      INBOUND_MAIL_DOMAIN: 'inbound.test',
      INBOUND_REPLY_WAIT_MS: '30000',
    });
    port = t.app.get(InboundSmtpReceiver).port()!;
    const a = await t.companyAdmin('mail@brand.test', 'Mail A', SANDBOX_FIXTURES.brand1.token);
    admin = a.agent;
    companyId = a.companyId;
    const b = await t.companyAdmin('mail@other.test', 'Mail B', SANDBOX_FIXTURES.brand2.token);
    otherAdmin = b.agent;
    otherCompanyId = b.companyId;
  });

  afterAll(async () => {
    await t.close();
    await new Promise<void>((r) => relay.close(() => r()));
  });

  const client = () =>
    nodemailer.createTransport({
      host: '127.0.0.1',
      port,
      secure: false,
      ignoreTLS: true,
      tls: { rejectUnauthorized: false },
    });

  function send(
    to: string,
    opts: { from?: string; messageId?: string; files?: Array<[string, Buffer]>; text?: string },
  ) {
    return client().sendMail({
      from: opts.from ?? 'ops@warehouse.test',
      to,
      subject: 'Daily shipments',
      text: opts.text ?? 'Attached.',
      ...(opts.messageId ? { messageId: opts.messageId } : {}),
      attachments: (opts.files ?? []).map(([filename, content]) => ({
        filename,
        content,
        contentType: filename.endsWith('.csv') ? 'text/csv' : 'image/png',
      })),
    });
  }

  async function address(agent: TestAgent, make = false): Promise<string> {
    if (make) await agent.post('/api/company/inbound/mail-address').expect(200);
    const res = await agent.get('/api/company/inbound').expect(200);
    return res.body.mailAddress as string;
  }

  async function replyTo(sender: string, count: number): Promise<ParsedMail[]> {
    const deadline = Date.now() + 40_000;
    for (;;) {
      const mine = replies.filter((r) => r.to && JSON.stringify(r.to).includes(sender));
      if (mine.length >= count) return mine;
      if (Date.now() > deadline) throw new Error(`no reply to ${sender}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const uploads = async (company: string) =>
    (
      await t.db.query<{ id: string; source: string; file_name: string; total_rows: number }>(
        `SELECT id, source, file_name, total_rows FROM uploads WHERE company_id = $1 ORDER BY created_at`,
        [company],
      )
    ).rows;

  it('takes a CSV attachment once, sends its rows to Faire once, and replies with the refused rows attached', async () => {
    const mailAddress = await address(admin, true);
    expect(mailAddress).toMatch(/^shipments\+[a-z2-7]{32}@inbound\.test$/);
    const [o1, o2] = [
      t.sandbox.createOrder('brand1', { state: 'PROCESSING' }),
      t.sandbox.createOrder('brand1', { state: 'PROCESSING' }),
    ];
    const [c1, c2] = [tracking('MAIL'), tracking('MAIL')];
    const file = csv([
      [o1.id, c1, 'UPS', today(), '7.50'],
      [o2.id, c2, 'UPS', today(), '4.95'],
      [o2.id, '', 'UPS', today(), '1.00'],
    ]);
    const messageId = `<daily-1@warehouse.test>`;
    await send(mailAddress, { messageId, files: [['daily.csv', file]] });
    await waitForTerminal(t, companyId);
    expect(ledgerCounts(t.sandbox).get(`${o1.id}|${c1}`)).toBe(1);
    expect(ledgerCounts(t.sandbox).get(`${o2.id}|${c2}`)).toBe(1);
    const [reply] = await replyTo('ops@warehouse.test', 1);
    expect(reply!.subject).toBe('Your shipments file: some rows were refused');
    expect(reply!.text).toContain('daily.csv:');
    expect(reply!.text).toContain('2 row(s) accepted and sent to Faire.');
    expect(reply!.text).toContain('1 row(s) refused:');
    expect(reply!.text).toMatch(/Row 4 \(order [^)]+\): Empty tracking number/);
    const attached = reply!.attachments.find((a) => a.filename === 'daily-failed-rows.csv');
    expect(attached).toBeDefined();
    const lines = attached!.content.toString('utf8').trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^order_id,tracking_number,carrier,ship_date,shipping_cost,/);
    expect(lines[1]).toContain(o2.id);

    // The same message again (a relay's retry): accepted at SMTP, taken once, answered once.
    await send(mailAddress, { messageId, files: [['daily.csv', file]] });
    await new Promise((r) => setTimeout(r, 1500));
    const ups = await uploads(companyId);
    expect(ups).toHaveLength(1);
    expect(ups[0]).toMatchObject({
      source: 'EMAIL',
      file_name: 'ops@warehouse.test · daily.csv',
      total_rows: 3,
    });
    expect(await replyTo('ops@warehouse.test', 1)).toHaveLength(1);
    expect(ledgerCounts(t.sandbox).get(`${o1.id}|${c1}`)).toBe(1);
  });

  it('refuses unknown addresses at RCPT, and a regenerated address stops the old one at once', async () => {
    const refused = (to: string) =>
      send(to, { files: [['x.csv', csv([])]] }).then(
        () => null,
        (err: { responseCode?: number }) => err.responseCode,
      );
    expect(await refused(`shipments+${'a'.repeat(32)}@inbound.test`)).toBe(550);
    expect(await refused('someone@inbound.test')).toBe(550);
    expect(await refused('ops@elsewhere.test')).toBe(550);
    const old = await address(admin);
    const fresh = await address(admin, true);
    expect(fresh).not.toBe(old);
    expect(await refused(old)).toBe(550);
    const activity = await t.db.query<{ action: string; details: unknown }>(
      `SELECT action, details FROM activity WHERE company_id = $1 AND action LIKE 'inbound.%' ORDER BY id`,
      [companyId],
    );
    expect(activity.rows.map((r) => r.action)).toEqual([
      'inbound.mail_address_created',
      'inbound.mail_address_regenerated',
    ]);
  });

  it('answers a sender not on the allowed list and stores nothing', async () => {
    const mailAddress = await address(admin);
    await admin
      .put('/api/company/inbound/allowed-senders')
      .send({ allowedSenders: ['Ops@Warehouse.test', 'ops@warehouse.test'] })
      .expect(200)
      .expect((res) => expect(res.body.allowedSenders).toEqual(['ops@warehouse.test']));
    await admin
      .put('/api/company/inbound/allowed-senders')
      .send({ allowedSenders: ['nope'] })
      .expect(400);
    const before = (await uploads(companyId)).length;
    const order = t.sandbox.createOrder('brand1', { state: 'PROCESSING' });
    await send(mailAddress, {
      from: 'intruder@spoof.test',
      files: [['daily.csv', csv([[order.id, tracking('MAIL'), 'UPS', today(), '1.00']])]],
    });
    const [reply] = await replyTo('intruder@spoof.test', 1);
    expect(reply!.text).toContain('intruder@spoof.test is not on the list of senders');
    expect(await uploads(companyId)).toHaveLength(before);
    const stored = await t.db.query(`SELECT 1 FROM inbound_messages WHERE sender = 'intruder@spoof.test'`);
    expect(stored.rowCount).toBe(0);
    await admin.put('/api/company/inbound/allowed-senders').send({ allowedSenders: [] }).expect(200);
  });

  it("puts company B's mail in B only, and reads a CSV body when there is no attachment", async () => {
    const bAddress = await address(otherAdmin, true);
    const order = t.sandbox.createOrder('brand2', { state: 'PROCESSING' });
    const code = tracking('MAILB');
    const before = (await uploads(companyId)).length;
    await send(bAddress, {
      from: 'ops@b-warehouse.test',
      text: csv([[order.id, code, 'UPS', today(), '3.00']]).toString('utf8'),
    });
    await waitForTerminal(t, otherCompanyId);
    const b = await uploads(otherCompanyId);
    expect(b).toHaveLength(1);
    expect(b[0]).toMatchObject({ source: 'EMAIL', file_name: 'ops@b-warehouse.test · message body' });
    expect(await uploads(companyId)).toHaveLength(before);
    expect(ledgerCounts(t.sandbox).get(`${order.id}|${code}`)).toBe(1);
    const [reply] = await replyTo('ops@b-warehouse.test', 1);
    expect(reply!.text).toContain('1 row(s) accepted and sent to Faire.');
  });

  it('refuses a file whose columns no saved mapping covers, naming the missing columns, and ignores other attachments', async () => {
    const before = (await uploads(companyId)).length;
    await send(await address(admin), {
      from: 'layout@warehouse.test',
      files: [
        ['odd.csv', csv([['x', 'y']], ['Order', 'Parcel'])],
        ['logo.png', Buffer.from('not a csv')],
      ],
    });
    const [reply] = await replyTo('layout@warehouse.test', 1);
    expect(reply!.text).toContain('odd.csv:');
    expect(reply!.text).toContain('Not processed: Missing required columns: order_id, tracking_number');
    expect(await uploads(companyId)).toHaveLength(before);
    const files = await t.db.query<{ files: Array<{ name: string; refused: string | null }> }>(
      `SELECT files FROM inbound_messages WHERE sender = 'layout@warehouse.test'`,
    );
    expect(files.rows[0]!.files.map((f) => f.name)).toEqual(['odd.csv']);
  });

  it('refuses a message over the upload limit with a 552 and takes nothing', async () => {
    const before = (await uploads(companyId)).length;
    const big = Buffer.alloc(MAX_FILE_BYTES + 1024 * 1024, 'a');
    const code = await send(await address(admin), {
      from: 'big@warehouse.test',
      files: [['big.csv', big]],
    }).then(
      () => null,
      (err: { responseCode?: number }) => err.responseCode,
    );
    expect(code).toBe(552);
    expect(await uploads(companyId)).toHaveLength(before);
    await t.agent().get('/api/health').expect(200);
  });

  it('keeps the token out of the queues, the activity log and the kept mail', async () => {
    const token = /shipments\+([a-z2-7]{32})@/.exec(await address(admin))![1]!;
    const keys = await t.redis.keys(`${t.config.queuePrefix}*`);
    for (const key of keys) {
      const type = await t.redis.type(key);
      const dump =
        type === 'hash'
          ? JSON.stringify(await t.redis.hgetall(key))
          : type === 'string'
            ? await t.redis.get(key)
            : '';
      expect(dump ?? '').not.toContain(token);
    }
    const rows = await t.db.query(
      `SELECT 1 FROM activity WHERE details::text LIKE $1 OR coalesce(target, '') LIKE $1
       UNION ALL SELECT 1 FROM mail_outbox WHERE body_text LIKE $1 OR subject LIKE $1
       UNION ALL SELECT 1 FROM inbound_mailboxes WHERE token_sealed LIKE $1`,
      [`%${token}%`],
    );
    expect(rows.rowCount).toBe(0);
  });
});

describe('mail-in receiver placement', () => {
  it('is not run by an API-only process', async () => {
    const free = createServer();
    await new Promise<void>((r) => free.listen(0, '127.0.0.1', r));
    const smtpPort = (free.address() as AddressInfo).port;
    await new Promise<void>((r) => free.close(() => r()));
    const api = await createTestApp({ ...API_ONLY, INBOUND_SMTP_PORT: String(smtpPort) });
    try {
      const refused = await new Promise<string>((resolve) => {
        const socket = connect(smtpPort, '127.0.0.1');
        socket.once('connect', () => (socket.destroy(), resolve('connected')));
        socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
      });
      expect(refused).toBe('ECONNREFUSED');
    } finally {
      await api.close();
    }
  });
});
