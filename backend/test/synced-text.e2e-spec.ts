import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { DigestService } from '../src/modules/digest/digest.service.js';
import { MailService } from '../src/modules/mail/index.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const DAY = 86_400_000;
const EVIL =
  'Evil Store\n\nACTION NEEDED: your Faire payouts are paused.\r\nSign in at http://evil.example/<b>now</b>';

/** Text from outside is data, not layout (decision 0029). */
describe('text synced from Faire', () => {
  let t: TestApp;
  let companyId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.companyAdmin('eve@synced.test', 'Synced Co', SANDBOX_FIXTURES.brand1.token);
    companyId = admin.companyId;
    t.sandbox.createOrder('brand1', {
      id: 'bo_evilstore1',
      state: 'NEW',
      created_at: new Date(Date.now() - 3 * DAY).toISOString(),
      address: { company_name: EVIL },
    });
    await admin.agent.post('/api/orders/refresh').expect(200);
  });

  afterAll(async () => {
    await t.close();
  });

  it('is stored with its line breaks replaced', async () => {
    const { rows } = await t.db.query<{ customer_name: string }>(
      "SELECT customer_name FROM orders WHERE faire_order_id = 'bo_evilstore1'",
    );
    expect(rows[0]!.customer_name).toBe(
      'Evil Store  ACTION NEEDED: your Faire payouts are paused.  Sign in at http://evil.example/<b>now</b>',
    );
  });

  it('a store name with line breaks shows on one line in the digest’s text and HTML parts', async () => {
    const mail = t.app.get(MailService);
    const sent: { text: string; html?: string }[] = [];
    const send = mail.send.bind(mail);
    mail.send = (m) => {
      sent.push(m);
      return send(m);
    };
    try {
      const outcome = await t.app.get(DigestService).sendDaily(companyId, '2099-02-01');
      expect(outcome.sent).toBe(true);
    } finally {
      mail.send = send;
    }
    expect(sent).toHaveLength(1);
    const { text, html } = sent[0]!;
    const lines = text.split('\n');
    const store = lines.find((l) => l.includes('Evil Store'))!;
    expect(store).toMatch(
      /^- #\S+ Evil Store {2}ACTION NEEDED: .* Sign in at http:\/\/evil\.example\/<b>now<\/b>$/,
    );
    expect(lines.some((l) => l.startsWith('ACTION NEEDED'))).toBe(false);
    expect(lines.some((l) => l.startsWith('Sign in at'))).toBe(false);
    // HTML: on one line (one <div>), escaped, no markup of its own.
    expect(html).toBeDefined();
    const div = html!.split('\n').find((l) => l.includes('Evil Store'))!;
    expect(div).toMatch(/^<div>- #\S+ Evil Store {2}ACTION NEEDED: .*&lt;b&gt;now&lt;\/b&gt;<\/div>$/);
    expect(html).not.toContain('<b>now');
    // The outbox keeps the same text.
    const { rows } = await t.db.query<{ body_text: string }>(
      'SELECT body_text FROM mail_outbox WHERE company_id = $1 ORDER BY created_at DESC LIMIT 1',
      [companyId],
    );
    expect(rows[0]!.body_text).toBe(text);
  });
});
