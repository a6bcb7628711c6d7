// exports: the failed-rows download and the uploads list of a company with five uploads of 185,000 rows
// with errors each (the issue 21 storm). Measured over HTTP against the app: one download end to end,
// health (GET /api/health) every 100 ms while 16 downloads by one member run, and the
// uploads list (GET /api/shipments/uploads?limit=50) once the uploads are settled (decision 0028).
import { companyAdmin, openEnv } from './lib/env.mjs';
import { quantile, time } from './lib/measure.mjs';

export const name = 'exports';
export const title = 'failed-rows downloads and the uploads list with five 185k-row uploads';

async function seed(client, caller, rows, copies) {
  const { rows: first } = await client.query(
    `INSERT INTO uploads (company_id, user_id, source, file_name, total_rows, invalid_rows, materialized_at)
     VALUES ($1, $2, 'UPLOAD', 'big week.csv', $3, $3, now()) RETURNING id`,
    [caller.companyId, caller.userId, rows],
  );
  const id = first[0].id;
  await client.query(
    `INSERT INTO upload_rows (upload_id, row_number, raw, valid, errors)
     SELECT $1, n + 1,
            jsonb_build_object('order_id', 'bo_' || n, 'tracking_number', '1Z' || lpad(n::text, 16, '0'),
                               'carrier', 'UPS', 'ship_date', '2026-13-40', 'shipping_cost', '=1+' || n),
            false, '[{"message":"Invalid ship date format"}]'::jsonb
       FROM generate_series(1, $2) n`,
    [id, rows],
  );
  for (let i = 2; i <= copies; i++) {
    const { rows: u } = await client.query(
      `INSERT INTO uploads (company_id, user_id, source, file_name, total_rows, invalid_rows, materialized_at)
       VALUES ($1, $2, 'UPLOAD', $3, $4, $4, now()) RETURNING id`,
      [caller.companyId, caller.userId, `big week ${i}.csv`, rows],
    );
    await client.query(
      `INSERT INTO upload_rows (upload_id, row_number, raw, valid, errors)
       SELECT $1, row_number, raw, valid, errors FROM upload_rows WHERE upload_id = $2`,
      [u[0].id, id],
    );
  }
  await client.query('VACUUM ANALYZE upload_rows');
  return id;
}

/**
 * One more upload of the same rows kept as the brand wrote them (decision 0032): a `;` Windows-1252 file
 * with a column of its own, its layout and its rows' cells in pages of 250, so its download writes the
 * brand's own file back.
 */
async function seedBrandFile(client, caller, fromUploadId, rows) {
  const { rows: u } = await client.query(
    `INSERT INTO uploads (company_id, user_id, source, file_name, total_rows, invalid_rows, materialized_at, delimiter, encoding)
     VALUES ($1, $2, 'UPLOAD', 'big week as written.csv', $3, $3, now(), ';', 'windows-1252') RETURNING id`,
    [caller.companyId, caller.userId, rows],
  );
  const id = u[0].id;
  await client.query(
    `INSERT INTO upload_rows (upload_id, row_number, raw, valid, errors)
     SELECT $1, row_number, raw, valid, errors FROM upload_rows WHERE upload_id = $2`,
    [id, fromUploadId],
  );
  await client.query(
    `INSERT INTO upload_layouts (upload_id, bom, line_ending, header) VALUES ($1, false, E'\\r\\n', $2)`,
    [id, JSON.stringify(['order_id', 'tracking_number', 'carrier', 'ship_date', 'shipping_cost', 'Notes'])],
  );
  await client.query(
    `INSERT INTO upload_lines (upload_id, page_no, rows)
     SELECT $1, (n + 1 - 1) / 250,
            json_agg(json_build_array(n + 1, json_build_array('bo_' || n, '1Z' || lpad(n::text, 16, '0'), 'UPS',
                                      '2026-13-40', '=1+' || n, 'Livré à l’entrepôt; n° ' || n)) ORDER BY n)::text
       FROM generate_series(1, $2) n GROUP BY (n + 1 - 1) / 250`,
    [id, rows],
  );
  await client.query('VACUUM ANALYZE upload_rows, upload_lines');
  return id;
}

/** Reads a download to its end over HTTP, keeping only its size. */
async function download(baseUrl, path, cookie) {
  const res = await fetch(`${baseUrl}${path}`, { headers: { cookie, 'X-Requested-With': 'bench' } });
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  return { status: res.status, bytes };
}

async function signInCookie(baseUrl, email) {
  const res = await fetch(`${baseUrl}/api/auth/dev-login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'bench' },
    body: JSON.stringify({ email }),
  });
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))
    .split(';')[0];
}

export async function run(ctx) {
  const rows = ctx.quick ? 50_000 : 185_000;
  const env = await openEnv('exports', { app: true });
  try {
    const { caller } = await companyAdmin(env, 'exports@bench.test', 'Exports Bench');
    const client = await env.pool.connect();
    let uploadId;
    try {
      const seeded = await time(() => seed(client, caller, rows, 5));
      uploadId = seeded.value;
      ctx.log(
        `seeded 5 uploads of ${rows.toLocaleString('en-US')} rows in ${(seeded.ms / 1000).toFixed(1)} s`,
      );
    } finally {
      client.release();
    }
    const cookie = await signInCookie(env.baseUrl, 'exports@bench.test');
    const path = `/api/shipments/uploads/${uploadId}/failed.csv`;

    const one = await time(() => download(env.baseUrl, path, cookie));
    const health = async () =>
      (await time(() => fetch(`${env.baseUrl}/api/health`).then((r) => r.text()))).ms;
    const idle = [];
    for (let i = 0; i < 20; i++) idle.push(await health());

    // 16 downloads by one member at once (the most DOWNLOADS_PER_USER lets a member have), read to the end.
    const during = [];
    let done = false;
    const all = Promise.all(Array.from({ length: 16 }, () => download(env.baseUrl, path, cookie))).finally(
      () => (done = true),
    );
    while (!done) {
      during.push(await health());
      await new Promise((r) => setTimeout(r, 100));
    }
    const results = await all;

    const lists = [];
    const listOnce = () =>
      fetch(`${env.baseUrl}/api/shipments/uploads?limit=50`, {
        headers: { cookie, 'X-Requested-With': 'bench' },
      }).then((r) => r.text());
    await listOnce(); // counts the settled uploads once and stores them
    for (let i = 0; i < 20; i++) lists.push((await time(listOnce)).ms);

    // After the list (which counts five uploads): the same rows kept as the brand wrote them.
    const seedClient = await env.pool.connect();
    let brandId;
    try {
      brandId = await seedBrandFile(seedClient, caller, uploadId, rows);
    } finally {
      seedClient.release();
    }
    const brand = await time(() =>
      download(env.baseUrl, `/api/shipments/uploads/${brandId}/failed.csv`, cookie),
    );

    const p50 = quantile(during, 0.5);
    const listP95 = quantile(lists, 0.95);
    return [
      {
        measure: `one failed-rows download of ${rows.toLocaleString('en-US')} rows (${(one.value.bytes / 1e6).toFixed(1)} MB)`,
        value: one.ms,
        unit: 'ms',
      },
      {
        measure: `the same as the brand's own file (';', Windows-1252, cells as written; ${(brand.value.bytes / 1e6).toFixed(1)} MB)`,
        value: brand.ms,
        unit: 'ms',
        ...(brand.value.status === 200 ? {} : { note: `HTTP ${brand.value.status}` }),
      },
      {
        measure: 'GET /api/health p50 while 16 downloads run',
        value: p50,
        unit: 'ms',
        note: `p95 ${quantile(during, 0.95).toFixed(1)} ms over ${during.length}; idle p50 ${quantile(idle, 0.5).toFixed(1)} ms; ${results.filter((r) => r.status === 200).length}/16 downloads whole`,
        goal: '< 100 ms',
        pass: p50 < 100,
        samples: during,
      },
      {
        measure: 'GET /api/shipments/uploads?limit=50 (five settled uploads), p95 of 20',
        value: listP95,
        unit: 'ms',
        note: `p50 ${quantile(lists, 0.5).toFixed(1)} ms`,
        goal: '< 100 ms',
        pass: listP95 < 100,
        samples: lists,
      },
    ];
  } finally {
    await env.close();
  }
}
