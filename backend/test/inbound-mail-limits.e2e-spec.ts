import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import { connect, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { InboundSmtpReceiver } from '../src/modules/inbound/index.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

/**
 * The mail-in receiver's limits (decision 0069), on the real receiver: messages per company address an
 * hour (a temporary 452 at RCPT), connections per client address a minute (421), and one refusal reply
 * a day per company and sender (the From of a message is not authenticated).
 */
describe('mail-in limits', () => {
  let t: TestApp;
  let relay: SMTPServer;
  const replies: ParsedMail[] = [];
  let port: number;
  let first: TestAgent;
  let second: TestAgent;

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
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${(relay.server.address() as AddressInfo).port}`,
      INBOUND_MAIL_DOMAIN: 'inbound.test',
      INBOUND_REPLY_WAIT_MS: '1000',
      INBOUND_MESSAGES_PER_HOUR: '2',
      INBOUND_CONNECTIONS_PER_MINUTE: '12',
    });
    port = t.app.get(InboundSmtpReceiver).port()!;
    first = (await t.companyAdmin('limits@brand.test', 'Limits A', SANDBOX_FIXTURES.brand1.token)).agent;
    second = (await t.companyAdmin('limits@other.test', 'Limits B', SANDBOX_FIXTURES.brand2.token)).agent;
  });

  afterAll(async () => {
    await t.close();
    await new Promise<void>((r) => relay.close(() => r()));
  });

  const send = (to: string, from: string, n: number) =>
    nodemailer
      .createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
      .sendMail({ from, to, subject: `Shipments ${n}`, text: 'No file today.', messageId: `<m${n}@x.test>` });

  async function address(agent: TestAgent): Promise<string> {
    await agent.post('/api/company/inbound/mail-address').expect(200);
    return (await agent.get('/api/company/inbound').expect(200)).body.mailAddress as string;
  }

  it('refuses an address its third message of the hour for now (452), and not the other addresses', async () => {
    const a = await address(first);
    await send(a, 'ops@warehouse.test', 1);
    await send(a, 'ops@warehouse.test', 2);
    await expect(send(a, 'ops@warehouse.test', 3)).rejects.toThrow(/452 4\.7\.0 Too many messages/);
    const b = await address(second);
    await expect(send(b, 'ops@warehouse.test', 4)).resolves.toBeTruthy();
  });

  it('sends a sender refused by the allowed list one reply a day, however often it writes', async () => {
    await second
      .put('/api/company/inbound/allowed-senders')
      .send({ allowedSenders: ['boss@brand.test'] })
      .expect(200);
    const b = (await second.get('/api/company/inbound').expect(200)).body.mailAddress as string;
    await send(b, 'spoofed@victim.test', 5); // the address's second message this hour
    const deadline = Date.now() + 15_000;
    const toVictim = () => replies.filter((r) => JSON.stringify(r.to).includes('spoofed@victim.test'));
    while (toVictim().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(toVictim()).toHaveLength(1);
    expect(toVictim()[0]!.subject).toBe('Your shipments file was not accepted');
    // The hour's limit of this address is reached too: a new hour, the same sender, no second reply.
    const redisKeys = await t.redis.keys(`${t.config.queuePrefix}:limits:mail-in-address:*`);
    await t.redis.del(...redisKeys);
    await send(b, 'spoofed@victim.test', 6);
    await new Promise((r) => setTimeout(r, 1500));
    expect(toVictim()).toHaveLength(1);
    expect(await t.db.query('SELECT 1 FROM uploads')).toHaveProperty('rowCount', 0);
  });

  it('answers 421 to a client past its connections of the minute', async () => {
    const greeting = () =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('data', (d) => (resolve(d.toString('utf8')), socket.destroy()));
        socket.once('error', reject);
      });
    const seen: string[] = [];
    for (let i = 0; i < 14; i++) seen.push((await greeting()).slice(0, 3));
    // The tests above used some of the minute's 12; once refused, every later one is refused too.
    const firstRefused = seen.indexOf('421');
    expect(firstRefused).toBeGreaterThan(-1);
    expect(seen.slice(0, firstRefused).every((code) => code === '220')).toBe(true);
    expect(seen.slice(firstRefused).every((code) => code === '421')).toBe(true);
  });
});
