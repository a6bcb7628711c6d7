import session from 'express-session';
import type { Request } from 'express';
import { sessionCallerStore, takeSessionCaller } from '../src/modules/auth/session-caller.store.js';
import { API_ONLY, createTestApp, type TestApp } from './helpers/test-app.js';

/** The session store that reads a session's caller with it (decision 0026), on its own. */
describe('session store with the caller', () => {
  let t: TestApp;
  let store: ReturnType<typeof sessionCallerStore>;

  beforeAll(async () => {
    t = await createTestApp(API_ONLY);
    store = sessionCallerStore(t.db, { tableName: 'session', pruneSessionInterval: 1, disableTouch: true });
  });

  afterAll(async () => {
    store.close();
    await t.close();
  });

  const get = (sid: string) =>
    new Promise<session.SessionData | null | undefined>((resolve, reject) =>
      store.get(sid, (err, sess) =>
        err ? reject(err instanceof Error ? err : new Error('the session store failed')) : resolve(sess),
      ),
    );
  const put = (sid: string, data: Record<string, unknown>, expire = "now() + interval '1 hour'") =>
    t.db.query(`INSERT INTO session (sid, sess, expire) VALUES ($1, $2, ${expire})`, [
      sid,
      JSON.stringify(data),
    ]);
  /** What express-session does with a session it read: builds it on the request. */
  function inflate(sess: session.SessionData) {
    const req = { sessionID: 'x', sessionStore: store } as unknown as Request;
    const built = store.createSession(req, sess);
    return { req, built };
  }
  const cookie = { originalMaxAge: 60_000, httpOnly: true, path: '/' };

  it('brings the user and their membership, and never leaves them in the session’s data', async () => {
    const agent = await t.signIn('store@example.com', 'Store');
    await agent.post('/api/company/create').send({ name: 'Store Co' }).expect(200);
    const { rows } = await t.db.query<{ id: string }>(
      "SELECT id FROM users WHERE email = 'store@example.com'",
    );
    const userId = rows[0]!.id;
    await put('s-member', { cookie, userId });
    const sess = await get('s-member');
    const { req, built } = inflate(sess!);
    expect(JSON.stringify(built)).not.toContain('Store Co');
    expect(Object.keys(sess!).sort()).toEqual(['cookie', 'userId']);
    expect(takeSessionCaller(req, 'someone-else')).toBeUndefined();
    const again = inflate((await get('s-member'))!);
    expect(takeSessionCaller(again.req, userId)).toEqual({
      userId,
      user: { id: userId, email: 'store@example.com', name: 'Store' },
      membership: expect.objectContaining({ companyName: 'Store Co', role: 'COMPANY_ADMIN' }),
    });
    expect(takeSessionCaller(again.req, userId)).toBeUndefined(); // taken once
  });

  it('reads a session without a user (an OAuth round trip), an unknown one and an expired one as before', async () => {
    await put('s-anon', { cookie, faireOAuth: { state: 'abc' } });
    const anon = await get('s-anon');
    expect(anon).toMatchObject({ faireOAuth: { state: 'abc' } });
    expect(takeSessionCaller(inflate(anon!).req, 'any')).toBeUndefined();
    await put('s-ghost', { cookie, userId: '00000000-0000-4000-8000-000000000000' });
    const ghost = inflate((await get('s-ghost'))!);
    expect(takeSessionCaller(ghost.req, '00000000-0000-4000-8000-000000000000')).toMatchObject({
      user: null,
      membership: null,
    });
    expect(await get('no-such-session')).toBeUndefined();
    await put('s-old', { cookie, userId: 'whoever' }, "now() - interval '1 minute'");
    expect(await get('s-old')).toBeUndefined();
  });

  it('deletes expired sessions on the configured interval once it has read one', async () => {
    await put('s-expired', { cookie }, "now() - interval '1 hour'");
    await get('s-anon');
    const deadline = Date.now() + 10_000;
    let left = 1;
    while (left > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      const { rows } = await t.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM session WHERE sid = 's-expired'",
      );
      left = rows[0]!.n;
    }
    expect(left).toBe(0);
  });
});
