import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { createTestApp, removeDir, type TestApp } from './helpers/test-app.js';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head></html>';
const APP_JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;

/** The built browser app as the API process serves it: caching, precompressed copies, no source maps. */
describe('serving the frontend build', () => {
  let t: TestApp;
  let dist: string;
  const get = (path: string, encoding?: string) => {
    const req = request(t.app.getHttpServer()).get(path).buffer(true);
    return encoding === undefined ? req : req.set('Accept-Encoding', encoding);
  };

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const js = join(dist, 'assets', 'index-abc123.js');
    writeFileSync(js, APP_JS);
    writeFileSync(`${js}.br`, brotliCompressSync(APP_JS));
    writeFileSync(`${js}.gz`, gzipSync(APP_JS));
    writeFileSync(`${js}.map`, '{"sources":["secret.ts"]}');
    t = await createTestApp({ SERVE_FRONTEND: 'true', FRONTEND_DIST: dist });
  });

  afterAll(async () => {
    await t.close();
    removeDir(dist);
  });

  it('caches hashed assets for a year as immutable', async () => {
    const res = await get('/assets/index-abc123.js', 'identity').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.text).toBe(APP_JS);
  });

  it.each([
    ['br, gzip, deflate', 'br', brotliCompressSync(APP_JS).length],
    ['gzip, deflate', 'gzip', gzipSync(APP_JS).length],
    ['gzip;q=1, br;q=0', 'gzip', gzipSync(APP_JS).length],
  ])('sends the precompressed copy for Accept-Encoding %s', async (accept, encoding, length) => {
    const res = await request(t.app.getHttpServer())
      .get('/assets/index-abc123.js')
      .set('Accept-Encoding', accept)
      .responseType('blob')
      .expect(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(Number(res.headers['content-length'])).toBe(length);
    expect(res.headers['vary']).toMatch(/Accept-Encoding/);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/dashboard', '/orders', '/no/such/screen'])(
    'answers %s with index.html, revalidated on every load',
    async (path) => {
      const res = await get(path).expect(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toBe(INDEX);
    },
  );

  it('revalidates unhashed files too', async () => {
    const res = await get('/favicon.svg').expect(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    '/assets/index-abc123.js.map',
    '/assets/index-abc123.js.br',
    '/assets/missing-123.js',
    '/robots.txt',
  ])('answers %s with a 404, never the app or a source map', async (path) => {
    const res = await get(path).expect(404);
    expect(res.text).not.toContain('secret.ts');
    expect(res.text).not.toContain('<!doctype html>');
  });

  it('leaves /api to the API', async () => {
    await get('/api/health').expect(200);
    const res = await get('/api/no-such-route').expect(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});
