import type { Repository } from 'typeorm';
import type { CompanyAuthContext } from '../http/auth-context.js';
import { CompanyScope, ScopedRepository, scopedQuery, type Queryable } from './company-scope.js';

// The `@ts-expect-error` lines below are compile-time assertions: `npm run typecheck` fails if one of
// those calls ever type-checks.

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

type Note = {
  id: string;
  companyId: string;
  text: string;
};

/** A repository that records what it was asked, as TypeORM would receive it. */
function recordingRepo() {
  const calls: { method: string; args: unknown[] }[] = [];
  const record =
    (method: string, answer: unknown) =>
    (...args: unknown[]) => {
      calls.push({ method, args });
      return Promise.resolve(answer);
    };
  const repo = {
    target: 'notes',
    find: record('find', []),
    findOne: record('findOne', null),
    count: record('count', 0),
    insert: record('insert', {}),
    update: record('update', { affected: 2 }),
    delete: record('delete', { affected: 1 }),
  };
  return { calls, repo: repo as unknown as Repository<Note> };
}

describe('CompanyScope', () => {
  it('comes from a company caller or, by name, from a job', () => {
    const caller = { companyId: A } as CompanyAuthContext;
    expect(CompanyScope.of(caller).companyId).toBe(A);
    expect(CompanyScope.ofJob(B).companyId).toBe(B);
  });

  it('refuses something that is not a company id', () => {
    expect(() => CompanyScope.ofJob('')).toThrow(TypeError);
    expect(() => CompanyScope.ofJob("x' OR '1'='1")).toThrow(TypeError);
    expect(() => CompanyScope.of({ companyId: null as unknown as string })).toThrow(TypeError);
  });

  it('cannot be forged from a plain object, at compile time or at run time', () => {
    // @ts-expect-error an object with a companyId is not a scope
    const forged: CompanyScope = { companyId: A };
    expect(CompanyScope.is(forged)).toBe(false);
    expect(CompanyScope.is(CompanyScope.ofJob(A))).toBe(true);
  });
});

describe('scopedQuery', () => {
  function db() {
    const seen: { sql: string; params?: unknown[] }[] = [];
    const q: Queryable = {
      query: <T>(sql: string, params?: unknown[]) => {
        seen.push({ sql, params });
        return Promise.resolve([] as T);
      },
    };
    return { q, seen };
  }

  it('binds the company id as $1, before the caller parameters', async () => {
    const { q, seen } = db();
    await scopedQuery(q, CompanyScope.ofJob(A), 'SELECT id FROM notes WHERE company_id = $1 AND id = $2', [
      'n1',
    ]);
    expect(seen).toEqual([
      { sql: 'SELECT id FROM notes WHERE company_id = $1 AND id = $2', params: [A, 'n1'] },
    ]);
  });

  it('refuses SQL that never names $1 (the tenant filter was forgotten) without running it', async () => {
    const { q, seen } = db();
    await expect(
      scopedQuery(q, CompanyScope.ofJob(A), 'SELECT id FROM notes WHERE id = $10', ['n1']),
    ).rejects.toThrow('Company-scoped SQL must use $1');
    await expect(scopedQuery(q, CompanyScope.ofJob(A), 'SELECT id FROM notes')).rejects.toThrow(TypeError);
    expect(seen).toEqual([]);
  });

  it('refuses a forged scope at run time', async () => {
    const { q, seen } = db();
    const forged = { companyId: A } as unknown as CompanyScope;
    await expect(scopedQuery(q, forged, 'SELECT 1 WHERE $1 IS NOT NULL')).rejects.toThrow(TypeError);
    expect(seen).toEqual([]);
  });

  it('does not type-check without a scope', () => {
    const { q } = db();
    // @ts-expect-error a company id string is not a scope
    const run = () => scopedQuery(q, A, 'SELECT 1 WHERE company_id = $1');
    return expect(run()).rejects.toThrow(TypeError);
  });
});

describe('ScopedRepository', () => {
  it('adds the company to every where clause, overriding one given', async () => {
    const { calls, repo } = recordingRepo();
    const notes = new ScopedRepository(repo);
    const scope = CompanyScope.ofJob(A);
    await notes.find(scope, { where: { text: 'hi' }, order: { id: 'ASC' } });
    await notes.findOne(scope, { id: 'n1' }, { select: { id: true } });
    await notes.count(scope);
    await notes.update(scope, { id: 'n1' }, { text: 'new' });
    await notes.delete(scope, { id: 'n1' });
    // A companyId slipped in past the types is replaced by the scope's.
    await notes.find(scope, { where: { companyId: B } as never });
    expect(calls).toEqual([
      { method: 'find', args: [{ where: { text: 'hi', companyId: A }, order: { id: 'ASC' } }] },
      { method: 'findOne', args: [{ select: { id: true }, where: { id: 'n1', companyId: A } }] },
      { method: 'count', args: [{ where: { companyId: A } }] },
      { method: 'update', args: [{ id: 'n1', companyId: A }, { text: 'new' }] },
      { method: 'delete', args: [{ id: 'n1', companyId: A }] },
      { method: 'find', args: [{ where: { companyId: A } }] },
    ]);
  });

  it('inserts rows of the scope company and answers affected counts', async () => {
    const { calls, repo } = recordingRepo();
    const notes = new ScopedRepository(repo);
    const scope = CompanyScope.ofJob(A);
    await notes.insert(scope, { text: 'x', companyId: B } as never);
    expect(calls[0]).toEqual({ method: 'insert', args: [{ text: 'x', companyId: A }] });
    expect(await notes.update(scope, { id: 'n1' }, { text: 'y' })).toBe(2);
    expect(await notes.delete(scope, { id: 'n1' })).toBe(1);
  });

  it('fits an entity whose company may be null, and never matches a row without one', async () => {
    type Pending = { id: string; companyId: string | null; userId: string | null };
    const { calls, repo } = recordingRepo();
    const pending = new ScopedRepository(repo as unknown as Repository<Pending>);
    const scope = CompanyScope.ofJob(A);
    await pending.findOne(scope, {});
    await pending.update(scope, { id: 'p1' }, { userId: null });
    expect(calls).toEqual([
      { method: 'findOne', args: [{ where: { companyId: A } }] },
      { method: 'update', args: [{ id: 'p1', companyId: A }, { userId: null }] },
    ]);
  });

  it('refuses a forged scope, and a call without one does not type-check', async () => {
    const { calls, repo } = recordingRepo();
    const notes = new ScopedRepository(repo);
    const forged = { companyId: A } as unknown as CompanyScope;
    expect(() => notes.find(forged)).toThrow(TypeError);
    // @ts-expect-error the where clause alone is not enough: the scope comes first
    await expect(notes.delete({ id: 'n1' })).rejects.toThrow(TypeError);
    expect(calls).toEqual([]);
  });
});
