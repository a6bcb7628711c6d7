import { spawn } from 'node:child_process';
import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AddressInfo } from 'node:net';
import Papa from 'papaparse';
import { DataSource } from 'typeorm';
import { HeavyReads } from '../src/common/database/heavy-reads.js';
import { FailedRowsExport } from '../src/modules/shipments/reads/failed-rows-export.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Rows of the big upload: the 185,000 invalid rows (a 14.6 MB failed-rows file). */
const ROWS = 185_000;
/**
 * What the API process may keep (heap after a collection) beyond what it kept before, while 17 downloads
 * of that file run (decision 0027): well under one copy of the file per download (17 x 14.6 MB).
 */
const MEMORY_BOUND_BYTES = 64 * 1024 * 1024;

/** A full garbage collection, callable from a test (jest does not pass --expose-gc). */
function collector(): () => void {
  v8.setFlagsFromString('--expose_gc');
  return vm.runInNewContext('gc') as () => void;
}
/** The goal for health while downloads run. */
const HEALTH_GOAL_MS = 100;

/** 16 downloads by one member and one by another, read in parallel for 20 s; prints what each got. */
const CLIENTS = `
import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
const get = (cookie) => {
  const d = { status: 0, bytes: 0 };
  http.get({ host: '127.0.0.1', port: Number(process.env.PORT), path: process.env.DL_PATH, headers: { cookie } }, (res) => {
    d.status = res.statusCode;
    res.on('data', (c) => (d.bytes += c.length));
  });
  return d;
};
const all = [];
for (const cookie of [...Array(16).fill(process.env.COOKIE), process.env.OTHER]) all.push(get(cookie));
setTimeout(() => {
  process.stdout.write(JSON.stringify(all.map((d) => ({ status: d.status, bytes: d.bytes }))));
  process.exit(0);
}, 20000);
`;

interface Download {
  status: number;
  headers: http.IncomingHttpHeaders;
  res: http.IncomingMessage;
}

/** Starts a GET and resolves once the answer's head is in; the body is left paused (not read). */
function startGet(port: number, path: string, cookie: string): Promise<Download> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers: { cookie, 'x-requested-with': 'test' } });
    req.on('response', (res) => {
      res.pause();
      resolve({ status: res.statusCode ?? 0, headers: res.headers, res });
    });
    req.on('error', reject);
  });
}

/** Reads the rest of a body, keeping only its size (and its text when asked). */
function drain(res: http.IncomingMessage, keep = false): Promise<{ bytes: number; text: string }> {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    const parts: Buffer[] = [];
    res.on('data', (c: Buffer) => {
      bytes += c.length;
      if (keep) parts.push(c);
    });
    res.on('end', () => resolve({ bytes, text: keep ? Buffer.concat(parts).toString('utf8') : '' }));
    res.on('error', reject);
    res.resume();
  });
}

async function health(port: number): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const d = await startGet(port, '/api/health', '');
  await drain(d.res);
  return { ms: performance.now() - started, status: d.status };
}

describe('exports stream, and heavy reads never starve the light ones (decision 0027)', () => {
  let t: TestApp;
  let port: number;
  let cookie: string;
  let otherCookie: string;
  let uploadId: string;

  async function signInCookie(email: string): Promise<string> {
    const res = await t
      .agent()
      .post('/api/auth/dev-login')
      .send({ email, name: email.split('@')[0] })
      .expect(200);
    return (res.headers['set-cookie'] as unknown as string[])
      .find((c) => c.startsWith('sid='))!
      .split(';')[0]!;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.companyAdmin('exports@brand.test', 'Exports');
    await new Promise<void>((r) => t.app.getHttpServer().listen(0, '127.0.0.1', r));
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    cookie = await signInCookie('exports@brand.test');
    // A second member of the same company: invited, signed in, accepted.
    await admin.agent.post('/api/team/invite').send({ email: 'second@brand.test' }).expect(200);
    const { rows: mail } = await t.db.query<{ link: string }>(
      "SELECT link FROM mail_outbox WHERE to_email = 'second@brand.test'",
    );
    const token = new URL(mail[0]!.link).searchParams.get('token')!;
    const second = await t.signIn('second@brand.test');
    await second.post('/api/team/accept-invite').send({ token }).expect(200);
    otherCookie = await signInCookie('second@brand.test');
    // An upload of 185,000 rows with errors, written straight into the tables as an upload leaves them.
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO uploads (company_id, user_id, source, file_name, total_rows, invalid_rows, materialized_at)
       VALUES ($1, $2, 'UPLOAD', 'big week.csv', $3, $3, now()) RETURNING id`,
      [admin.companyId, admin.userId, ROWS],
    );
    uploadId = rows[0]!.id;
    await t.db.query(
      `INSERT INTO upload_rows (upload_id, row_number, raw, valid, errors)
       SELECT $1, n + 1,
              jsonb_build_object('order_id', 'bo_' || n, 'tracking_number', '1Z' || lpad(n::text, 16, '0'),
                                 'carrier', 'UPS', 'ship_date', '2026-13-40', 'shipping_cost', '=1+' || n),
              false, '[{"message":"Invalid ship date format"}]'::jsonb
         FROM generate_series(1, $2) n`,
      [uploadId, ROWS],
    );
  }, 120_000);

  afterAll(async () => {
    await t.close();
  }, 120_000);

  it('gives the whole file, in file order, formula-safe', async () => {
    const d = await startGet(port, `/api/shipments/uploads/${uploadId}/failed.csv`, cookie);
    expect(d.status).toBe(200);
    expect(d.headers['content-disposition']).toContain('big-week-failed-rows.csv');
    expect(d.headers['cache-control']).toBe('no-store');
    const { text } = await drain(d.res, true);
    const table = Papa.parse<string[]>(text.trimEnd()).data;
    expect(table).toHaveLength(ROWS + 1);
    expect(table[0]).toEqual([
      'order_id',
      'tracking_number',
      'carrier',
      'ship_date',
      'shipping_cost',
      'error',
    ]);
    expect(table[1]).toEqual([
      'bo_1',
      '1Z0000000000000001',
      'UPS',
      '2026-13-40',
      "'=1+1",
      'Invalid ship date format',
    ]);
    expect(table[ROWS]![0]).toBe(`bo_${ROWS}`);
    expect(text.endsWith('\r\n')).toBe(true);
  }, 120_000);

  it('16 open downloads by one member: the 17th is 429; pages are read only as the reader takes them; health keeps its connections', async () => {
    const idle: number[] = [];
    for (let i = 0; i < 20; i++) idle.push((await health(port)).ms);
    idle.sort((a, b) => a - b);
    // Memory the process keeps (after a collection), sampled while the downloads run.
    const gc = collector();
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    let heapPeak = heapBefore;
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const heapSampler = setInterval(() => {
      gc();
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    }, 1000);
    // The main pool (sign-in, the guard, health): nobody may wait for one of its connections.
    const mainPool = (t.app.get(DataSource).driver as unknown as { master: { waitingCount: number } }).master;
    let mainWaiting = 0;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      mainWaiting = Math.max(mainWaiting, mainPool.waitingCount);
    }, 20);
    const heavy = t.app.get(HeavyReads);
    const heavyQuery = heavy.query.bind(heavy);
    let pages = 0;
    heavy.query = (sql: string, params?: unknown[]) => {
      pages += 1;
      return heavyQuery(sql, params);
    };
    const path = `/api/shipments/uploads/${uploadId}/failed.csv`;
    const opened: Download[] = [];
    try {
      // A reader that takes nothing: the file is read no further than the first pages (backpressure).
      // (Sockets cannot show it here: this machine's TCP buffers hold a whole 14.6 MB file.)
      const before = pages;
      const file = await t.app
        .get(FailedRowsExport)
        .open({ id: uploadId, file_name: 'big week.csv', column_mapping: null }, new Date());
      const stalled = new Writable({ highWaterMark: 16 * 1024, write: () => undefined });
      void pipeline(Readable.from(file.lines, { objectMode: false }), stalled).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 3000));
      const read = pages - before;
      expect(read).toBeGreaterThan(0);
      expect(read).toBeLessThanOrEqual(4);
      stalled.destroy();

      const open = await Promise.all(Array.from({ length: 16 }, () => startGet(port, path, cookie)));
      opened.push(...open);
      expect(open.map((d) => d.status)).toEqual(Array(16).fill(200));

      const refused = await startGet(port, path, cookie);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(JSON.parse((await drain(refused.res, true)).text).message).toMatch(
        /^Too many downloads at once\./,
      );
      // Another member of the company is not refused for the first one's downloads.
      const other = await startGet(port, path, otherCookie);
      opened.push(other);
      expect(other.status).toBe(200);

      // Clients elsewhere (a child process, as browsers would be) read 16 + 1 downloads for 20 s while
      // health is asked every 100 ms.
      for (const d of [...open, other]) d.res.destroy();
      await new Promise((r) => setTimeout(r, 200));
      const child = spawn(process.execPath, ['--input-type=module', '-e', CLIENTS], {
        env: { ...process.env, PORT: String(port), COOKIE: cookie, OTHER: otherCookie, DL_PATH: path },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      let done = false;
      void new Promise<void>((r) => child.on('exit', () => r())).then(() => (done = true));
      // From when the 17 requests have been let in (their sign-in checks are main-pool work like any
      // request's): while pages are read, nobody waits for a main-pool connection.
      setTimeout(() => (mainWaiting = 0), 3000);
      const healthTimes: number[] = [];
      while (!done) {
        const h = await health(port);
        // Never "database down", as 16 downloads made it say before.
        expect(h.status).toBe(200);
        healthTimes.push(h.ms);
        await new Promise((r) => setTimeout(r, 100));
      }
      const got = JSON.parse(out) as { status: number; bytes: number }[];
      expect(got).toHaveLength(17);
      for (const d of got) {
        expect(d.status).toBe(200);
        expect(d.bytes).toBeGreaterThan(0);
      }
      healthTimes.sort((a, b) => a - b);
      const median = healthTimes[Math.floor(healthTimes.length / 2)]!;
      console.log(
        `health (goal < ${HEALTH_GOAL_MS} ms): idle median ${idle[10]!.toFixed(1)} ms; during 17 downloads median ` +
          `${median.toFixed(1)} ms, max ${healthTimes.at(-1)!.toFixed(1)} ms over ${healthTimes.length}; ` +
          `${got.reduce((a, d) => a + d.bytes, 0)} bytes sent; kept heap +${((heapPeak - heapBefore) / 1048576).toFixed(0)} MB ` +
          `(rss +${((rssPeak - rssBefore) / 1048576).toFixed(0)} MB, garbage included)`,
      );
      // Health's connection is always free while pages are read: they run on the heavy-reads pool.
      expect(mainWaiting).toBe(0);
      expect(heapPeak - heapBefore).toBeLessThan(MEMORY_BOUND_BYTES);
    } finally {
      clearInterval(sampler);
      clearInterval(heapSampler);
      heavy.query = heavyQuery;
      for (const d of opened) d.res.destroy();
    }

    // Slots are given back when the clients go away.
    let again = await startGet(port, path, cookie);
    for (let i = 0; again.status === 429 && i < 50; i++) {
      again.res.destroy();
      await new Promise((r) => setTimeout(r, 100));
      again = await startGet(port, path, cookie);
    }
    expect(again.status).toBe(200);
    again.res.destroy();
  }, 300_000);

  it('lists five such uploads without reading their rows once they are settled (decision 0028)', async () => {
    const { rows: owner } = await t.db.query<{ company_id: string; user_id: string }>(
      'SELECT company_id, user_id FROM uploads WHERE id = $1',
      [uploadId],
    );
    let lastId = '';
    for (let i = 2; i <= 5; i++) {
      const { rows } = await t.db.query<{ id: string }>(
        `INSERT INTO uploads (company_id, user_id, source, file_name, total_rows, invalid_rows, materialized_at)
         VALUES ($1, $2, 'UPLOAD', $3, $4, $4, now()) RETURNING id`,
        [owner[0]!.company_id, owner[0]!.user_id, `big week ${i}.csv`, ROWS],
      );
      await t.db.query(
        `INSERT INTO upload_rows (upload_id, row_number, raw, valid, errors)
         SELECT $1, row_number, raw, valid, errors FROM upload_rows WHERE upload_id = $2`,
        [rows[0]!.id, uploadId],
      );
      lastId = rows[0]!.id;
    }
    // The last one also has a row that became a shipment Faire refused.
    await t.db.query(
      `INSERT INTO shipments (company_id, upload_id, row_number, order_id, display_id, tracking_number, carrier,
                              ship_date, shipping_cost_cents, status)
       VALUES ($1, $2, 1, 'bo_x', 'BO_X', '1ZX', 'UPS', current_date, 100, 'FAILED')`,
      [owner[0]!.company_id, lastId],
    );
    const agent = t.agent().set('Cookie', cookie);
    const first = await agent.get('/api/shipments/uploads?limit=50').expect(200);
    expect(first.body.total).toBe(5);
    for (const u of first.body.uploads as { uploadId: string; byStatus: Record<string, number> }[]) {
      const failedShipment = u.uploadId === lastId ? 1 : 0;
      expect(u).toMatchObject({ failed: ROWS + failedShipment, pending: 0, done: true });
      expect(u.byStatus).toEqual(failedShipment ? { INVALID: ROWS, FAILED: 1 } : { INVALID: ROWS });
    }

    // Every statement the second list runs, on either pool.
    const statements: string[] = [];
    const ds = t.app.get(DataSource);
    const heavy = t.app.get(HeavyReads);
    const dsQuery = ds.query.bind(ds);
    const heavyQuery = heavy.query.bind(heavy);
    ds.query = ((sql: string, ...rest: unknown[]) => {
      statements.push(sql);
      return (dsQuery as (...a: unknown[]) => unknown)(sql, ...rest);
    }) as typeof ds.query;
    heavy.query = (sql: string, params?: unknown[]) => {
      statements.push(sql);
      return heavyQuery(sql, params);
    };
    try {
      const started = performance.now();
      const second = await agent.get('/api/shipments/uploads?limit=50').expect(200);

      console.log(
        `uploads list of five settled ${ROWS}-row uploads: ${(performance.now() - started).toFixed(1)} ms`,
      );
      expect(second.body).toEqual(first.body);
    } finally {
      ds.query = dsQuery;
      heavy.query = heavyQuery;
    }
    // The list's own statements (not the session's, nor pages of a download still ending).
    const list = statements.filter(
      (s) => !/FROM session|FROM users|memberships/.test(s) && !/row_number > \$3/.test(s),
    );
    expect(list.length).toBeGreaterThan(0);
    for (const sql of list) expect(sql).not.toMatch(/\b(upload_rows|shipments)\b/);

    // Retrying a settled upload's failed row makes its stored counts stale at once (by trigger).
    await t.db.query(`UPDATE shipments SET status = 'PENDING' WHERE upload_id = $1`, [lastId]);
    const reopened = await agent.get(`/api/shipments/uploads/${lastId}`).expect(200);
    expect(reopened.body.byStatus).toEqual({ INVALID: ROWS, PENDING: 1 });
    expect(reopened.body.done).toBe(false);
    const listed = await agent.get('/api/shipments/uploads?limit=50').expect(200);
    expect(listed.body.uploads.find((u: { uploadId: string }) => u.uploadId === lastId).pending).toBe(1);
  }, 180_000);
});
