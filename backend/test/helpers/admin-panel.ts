import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { createTestApp, type TestAgent, type TestApp } from './test-app.js';

/** The platform admin of the admin-*.e2e-spec.ts files. */
export const ROOT = 'root@x.test';

type CompanyAdmin = Awaited<ReturnType<TestApp['companyAdmin']>>;

/** What every admin-*.e2e-spec.ts starts from, filled in by the hooks `useAdminPanel` registers. */
export interface AdminPanel {
  t: TestApp;
  root: TestAgent;
  /** Alpha Candles, with no Faire connection. */
  companyA: CompanyAdmin;
  /** Beta Soaps, holding the sandbox's brand 1. */
  companyB: CompanyAdmin;
  count(sql: string, params?: unknown[]): Promise<number>;
  activityCount(action: string): Promise<number>;
}

/**
 * Registers, in the calling `describe`, the admin specs' shared starting data (a product with a platform
 * admin and two companies) and its teardown; the answer is filled in once `beforeAll` has run.
 */
export function useAdminPanel(): AdminPanel {
  const panel = {} as AdminPanel;
  beforeAll(async () => {
    const t = await createTestApp({ ADMIN_EMAILS: ROOT });
    const count = async (sql: string, params: unknown[] = []) => {
      const { rows } = await t.db.query<{ n: number }>(sql, params);
      return rows[0]!.n;
    };
    Object.assign(panel, {
      t,
      root: await t.signIn(ROOT, 'Root Admin'),
      companyA: await t.companyAdmin('owner@a.test', 'Alpha Candles'),
      companyB: await t.companyAdmin('owner@b.test', 'Beta Soaps', SANDBOX_FIXTURES.brand1.token),
      count,
      activityCount: (action: string) =>
        count('SELECT count(*)::int AS n FROM activity WHERE action = $1', [action]),
    });
  });
  afterAll(async () => {
    await panel.t?.close();
  });
  afterEach(() => {
    panel.t.sandbox.knobs.reset();
    panel.t.clock.reset();
  });
  return panel;
}
