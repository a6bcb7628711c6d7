import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { API_ONLY, createTestApp, removeDir, type TestAgent, type TestApp } from './helpers/test-app.js';

const INDEX =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>App</title>' +
  '<script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body></body></html>';
const f = SANDBOX_FIXTURES.brand1;

interface Screen {
  data: Record<string, unknown>;
  prefetch: string[];
}

/** The JSON block and the inline scripts of a served page. */
function parsePage(html: string): { screen: Screen | null; inline: string[] } {
  const block = /<script type="application\/json" id="first-screen">([^<]*)<\/script>/.exec(html);
  const inline = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1]!);
  return { screen: block ? (JSON.parse(block[1]!) as Screen) : null, inline };
}

/** A signed-in caller's page carries their first screen (decision 0042). */
describe('the page carries the first screen of a signed-in caller', () => {
  let t: TestApp;
  let dist: string;
  let admin: TestAgent;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1);');
    t = await createTestApp({ ...API_ONLY, SERVE_FRONTEND: 'true', FRONTEND_DIST: dist });
    ({ agent: admin } = await t.companyAdmin('first@screen.test', 'First Screen Co', f.token));
  });

  afterAll(async () => {
    await t.close();
    removeDir(dist);
  });

  it('answers /dashboard with the session, configuration and connection the API gives, and starts the numbers', async () => {
    const res = await admin.get('/dashboard').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { screen, inline } = parsePage(res.text);
    expect(screen).not.toBeNull();
    const me = (await admin.get('/api/auth/me').expect(200)).body as unknown;
    const config = (await admin.get('/api/auth/config').expect(200)).body as unknown;
    const connection = (await admin.get('/api/faire/connection').expect(200)).body as { status: string };
    expect(connection.status).toBe('CONNECTED');
    expect(screen!.data).toEqual({
      '/api/auth/me': me,
      '/api/auth/config': config,
      '/api/faire/connection': connection,
    });
    expect(screen!.prefetch).toEqual(['/api/analytics/stats', '/api/orders/late-rate']);
    // Before the module script, so the requests start while it downloads; the page is otherwise the build's.
    expect(res.text.indexOf('id="first-screen"')).toBeLessThan(res.text.indexOf('type="module"'));
    expect(res.text.replace(/<script type="application\/json".*?<\/script><script>.*?<\/script>/, '')).toBe(
      INDEX,
    );
    // No token, sealed or not, in the page.
    expect(res.text).not.toContain(f.token);
    // The one inline script is allowed by its hash, and the policy allows no other inline script.
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc.split(' ').sort()).toEqual(["'self'", `'sha256-${hash}'`].sort());
  });

  it.each([
    ['/', ['/api/analytics/stats', '/api/orders/late-rate']],
    ['/dashboard?tab=dashboard', ['/api/analytics/stats', '/api/orders/late-rate']],
    ['/dashboard?tab=upload', []],
    ['/orders', []],
    ['/team', []],
  ])('on %s starts %j', async (path, prefetch) => {
    const { screen } = parsePage((await admin.get(path).expect(200)).text);
    expect(screen?.prefetch).toEqual(prefetch);
  });

  it('starts only the stats for a company without Faire', async () => {
    const { agent } = await t.companyAdmin('nofaire@screen.test', 'No Faire Co');
    const { screen } = parsePage((await agent.get('/dashboard').expect(200)).text);
    expect(screen!.data['/api/faire/connection']).toEqual({ status: 'NOT_CONNECTED', canManage: true });
    expect(screen!.prefetch).toEqual(['/api/analytics/stats']);
  });

  it('starts nothing for someone without a company', async () => {
    const agent = await t.signIn('nocompany@screen.test', 'No Company');
    const { screen } = parsePage((await agent.get('/dashboard').expect(200)).text);
    expect((screen!.data['/api/auth/me'] as { company: unknown }).company).toBeNull();
    expect(screen!.prefetch).toEqual([]);
  });

  it('keeps any value from ending the JSON block early', async () => {
    const name = '</script><script>alert(1)</script><!--';
    const agent = await t.signIn('markup@screen.test', name);
    const res = await agent.get('/dashboard').expect(200);
    const { screen, inline } = parsePage(res.text);
    expect(inline).toHaveLength(1);
    expect((screen!.data['/api/auth/me'] as { name: string }).name).toBe(name);
  });

  it('serves the plain build to a signed-out visitor, a stale session and a request for /index.html', async () => {
    const anonymous = await request(t.app.getHttpServer()).get('/dashboard').expect(200);
    expect(anonymous.text).toBe(INDEX);
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    const stale = await request(t.app.getHttpServer())
      .get('/dashboard')
      .set('Cookie', 'sid=s%3Anot-a-session.signature')
      .expect(200);
    expect(stale.text).toBe(INDEX);
    const file = await admin.get('/index.html').expect(200);
    expect(file.text).toBe(INDEX);
  });

  it('compresses the page as the browser accepts', async () => {
    const res = await admin.get('/dashboard').set('Accept-Encoding', 'br').expect(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(parsePage(res.text).screen).not.toBeNull();
    expect(res.headers['vary']).toMatch(/Cookie/);
  });
});
