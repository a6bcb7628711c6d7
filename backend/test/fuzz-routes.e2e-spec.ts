import fc from 'fast-check';
import type request from 'supertest';
import { bodyFor, encode, hostileJson, hostileString, RAW_BODIES } from './helpers/hostile.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

/**
 * Property: no route of the OpenAPI document answers 5xx to anything a caller of any role can send, and
 * the API is still alive afterwards. Fixed seed and bounded runs, so a failure reproduces and the suite
 * stays well under a minute.
 */
const SEED = 20261126;
const RUNS_PER_ROUTE = 20;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header'; schema?: { type?: string } }[];
  requestBody?: { content: Record<string, { schema?: { $ref?: string } }> };
}
interface OpenApi {
  paths: Record<string, Partial<Record<Method, Operation>>>;
  components: { schemas: Record<string, object> };
}

type Persona = 'signedOut' | 'noCompany' | 'user' | 'admin' | 'platform';
/** Query strings sent as they are: broken percent-escapes, repeated and bracketed keys. */
const RAW_QUERIES = [
  'page=%ZZ',
  'search=%E0%A4%A',
  'page=1&page=2',
  'limit[]=1',
  'page[a]=1',
  'search=%00',
  '%00=1',
];

const PERSONAS: Persona[] = ['signedOut', 'noCompany', 'user', 'admin', 'platform'];

type Body =
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string }
  | { kind: 'multipart'; fields: [string, string][]; files: [string, string][] }
  | null;

/** Values that answered 500 before issue 11, always tried first on every route that takes them. */
const KNOWN_BAD_VALUES = [
  '2026-02-30',
  '2026-13-45',
  '1e300',
  '1.5',
  'a\u0000b',
  'x\ud800',
  // An offset no place has: Postgres refuses it with "time zone displacement out of range".
  '2026-01-01T00:00:00-23:59',
];

function knownBad(
  method: Method,
  pathParams: string[],
  queryParams: string[],
  multipart: boolean,
): [Persona, string[], string, Body][] {
  const body: Body = multipart
    ? {
        kind: 'multipart',
        fields: [
          ['columnMapping', '\u0000'],
          ['columnMapping', '{}'],
        ],
        files: [['csv', 'a\u0000b']],
      }
    : method === 'get' || method === 'delete'
      ? null
      : { kind: 'raw', text: RAW_BODIES[0]! };
  const out: [Persona, string[], string, Body][] = [];
  for (const persona of ['admin', 'platform'] as Persona[]) {
    for (const value of KNOWN_BAD_VALUES) {
      out.push([persona, pathParams.map(() => value), '', body]);
      // One parameter at a time: a bad value in one must not hide a 500 behind another's 400.
      for (const q of queryParams) {
        out.push([persona, pathParams.map(() => '1'), `${encode(q)}=${encode(value)}`, null]);
      }
    }
  }
  return out;
}

describe('every route survives hostile input (property-based)', () => {
  let t: TestApp;
  let doc: OpenApi;
  let agents: Record<Persona, TestAgent>;
  const fivexx: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'platform@fuzz.test' });
    doc = (await t.agent().get('/api/docs/openapi.json').expect(200)).body as OpenApi;
    const a = await t.companyAdmin('admin@fuzz.test', 'Fuzz Co');
    await a.agent.post('/api/team/invite').send({ email: 'user@fuzz.test' }).expect(200);
    const { rows } = await t.db.query<{ link: string }>(
      "SELECT link FROM mail_outbox WHERE to_email = 'user@fuzz.test'",
    );
    const user = await t.signIn('user@fuzz.test');
    await user
      .post('/api/team/accept-invite')
      .send({ token: new URL(rows[0]!.link).searchParams.get('token') })
      .expect(200);
    agents = {
      signedOut: t.agent(),
      noCompany: await t.signIn('drifter@fuzz.test'),
      user,
      admin: a.agent,
      platform: await t.signIn('platform@fuzz.test'),
    };
  });

  afterAll(async () => {
    await t.close();
  });

  const resolve = (ref: string) => doc.components.schemas[ref.split('/').pop()!]!;

  function operations(): { method: Method; path: string; op: Operation }[] {
    const list = Object.entries(doc.paths).flatMap(([path, ops]) =>
      (Object.entries(ops) as [Method, Operation][]).map(([method, op]) => ({ method, path, op })),
    );
    // Signing out ends the persona's session: keep it for last.
    return list.sort((x, y) => Number(x.path.endsWith('/logout')) - Number(y.path.endsWith('/logout')));
  }

  function send(
    agent: TestAgent,
    method: Method,
    path: string,
    query: string,
    body: Body,
  ): Promise<request.Response> {
    let req = agent[method](query ? `${path}?${query}` : path);
    if (!body) return req;
    if (body.kind === 'json') {
      return req.set('Content-Type', 'application/json').send(JSON.stringify(body.value) ?? 'null');
    }
    if (body.kind === 'raw') return req.set('Content-Type', 'application/json').send(body.text);
    for (const [name, value] of body.fields) req = req.field(name, value);
    for (const [name, content] of body.files) {
      req = req.attach(name, Buffer.from(content), { filename: 'f.csv', contentType: 'text/csv' });
    }
    return req;
  }

  it('answers every generated request below 500, then /api/health is still 200', async () => {
    const routes = operations();
    expect(routes.length).toBeGreaterThan(30);
    const safeName = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_[\].-]{0,20}$/);
    for (const { method, path, op } of routes) {
      const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const content = op.requestBody?.content ?? {};
      const multipart = 'multipart/form-data' in content;
      const jsonSchema = content['application/json']?.schema;
      const bodyArb = multipart
        ? fc.record({
            kind: fc.constant('multipart' as const),
            fields: fc.array(fc.tuple(fc.oneof(fc.constant('columnMapping'), safeName), hostileString), {
              maxLength: 8,
            }),
            files: fc.array(fc.tuple(fc.oneof(fc.constant('csv'), safeName), hostileString), {
              maxLength: 3,
            }),
          })
        : method === 'get' || method === 'delete'
          ? fc.constant(null)
          : fc.oneof(
              {
                weight: 5,
                arbitrary: bodyFor(jsonSchema, resolve).map((value) => ({
                  kind: 'json' as const,
                  value,
                })),
              },
              {
                weight: 1,
                arbitrary: fc.constantFrom(...RAW_BODIES).map((text) => ({ kind: 'raw' as const, text })),
              },
            );
      const queryArb = fc
        .array(
          fc.tuple(
            fc.oneof(
              { weight: 4, arbitrary: fc.constantFrom(...(queryParams.length ? queryParams : ['q'])) },
              { weight: 1, arbitrary: safeName },
            ),
            fc.oneof(
              hostileString,
              hostileJson.map((v) => JSON.stringify(v) ?? ''),
            ),
          ),
          { maxLength: 4 },
        )
        .map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&'))
        .chain((q) =>
          fc.oneof(
            { weight: 5, arbitrary: fc.constant(q) },
            { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES) },
          ),
        );
      const examples = knownBad(method, pathParams, queryParams, multipart);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...PERSONAS),
          fc.array(hostileString, { minLength: pathParams.length, maxLength: pathParams.length }),
          queryArb,
          bodyArb,
          async (persona, params, query, body) => {
            let url = path;
            pathParams.forEach((name, i) => {
              url = url.replace(`{${name}}`, encode(params[i]!) || '%20');
            });
            const res = await send(agents[persona], method, url, query, body);
            if (res.status >= 500) {
              fivexx.push(
                `${method.toUpperCase()} ${url}?${query} as ${persona}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
              );
            }
            return true;
          },
        ),
        // fast-check counts examples among numRuns: every known-bad example runs, then RUNS_PER_ROUTE
        // generated ones (with numRuns alone, a route with many query parameters ran only examples).
        { seed: SEED, numRuns: examples.length + RUNS_PER_ROUTE, examples },
      );
    }
    expect(fivexx).toEqual([]);
    await t.agent().get('/api/health').expect(200);
    // A limit for a hang, not a speed goal: some 70 routes x 20 runs take 90 s alone, twice that on a
    // machine busy with the other lanes.
  }, 240_000);
});
