import type {
  DeepPartial,
  EntityManager,
  FindManyOptions,
  FindOneOptions,
  FindOptionsWhere,
  ObjectLiteral,
  QueryDeepPartialEntity,
  Repository,
} from 'typeorm';
import type { ApiKeyContext, CompanyAuthContext } from '../http/auth-context.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The company a query is about. It cannot be written as a literal or made from any string: it comes
 * from the caller (`CompanyScope.of`, the guard having checked the membership) or, in worker code, from
 * the company id a job or a company-owned row carries (`CompanyScope.ofJob`). Repositories of
 * company-owned tables take one, so a repository call without a scope does not type-check (decision
 * 0024); raw SQL run elsewhere carries its company filter by hand.
 */
export class CompanyScope {
  /** Makes the class nominal: an object with a `companyId` is not a scope. */
  readonly #brand = 'CompanyScope';

  private constructor(readonly companyId: string) {}

  /** The scope of an HTTP caller who belongs to a company (guaranteed by @RequireCompany / @Roles). */
  static of(caller: Pick<CompanyAuthContext, 'companyId'>): CompanyScope {
    return CompanyScope.make(caller.companyId);
  }

  /**
   * The scope of worker code: the company id a job's payload names, or one read from a company-owned
   * row. Never a value taken from a request.
   */
  static ofJob(companyId: string): CompanyScope {
    return CompanyScope.make(companyId);
  }

  /**
   * The scope of a public API call: the company of the API key the guard authenticated (read from the
   * key's own row, never from the request).
   */
  static ofApiKey(key: Pick<ApiKeyContext, 'companyId'>): CompanyScope {
    return CompanyScope.make(key.companyId);
  }

  static is(value: unknown): value is CompanyScope {
    return value instanceof CompanyScope && value.#brand === 'CompanyScope';
  }

  private static make(companyId: string): CompanyScope {
    if (typeof companyId !== 'string' || !UUID.test(companyId)) {
      throw new TypeError('A company scope needs a company id (uuid)');
    }
    return new CompanyScope(companyId);
  }
}

/** Anything that runs SQL: the DataSource, or the EntityManager of a transaction. */
export interface Queryable {
  query<T = unknown>(sql: string, params?: unknown[]): Promise<T>;
}

/** `$1` standing alone (not the start of `$10`). */
const FIRST_PLACEHOLDER = /\$1(?!\d)/;

/**
 * Raw SQL on a company-owned table, inside a repository. `$1` is always the scope's company id (the
 * caller's parameters are `$2`, `$3`, ...); SQL that never names `$1` is refused before it runs, so a
 * statement cannot drop the tenant filter by accident.
 */
export function scopedQuery<T = unknown>(
  db: Queryable,
  scope: CompanyScope,
  sql: string,
  params: readonly unknown[] = [],
): Promise<T> {
  if (!CompanyScope.is(scope)) return Promise.reject(new TypeError('scopedQuery needs a CompanyScope'));
  if (!FIRST_PLACEHOLDER.test(sql)) {
    return Promise.reject(new TypeError('Company-scoped SQL must use $1, the company id'));
  }
  return db.query<T>(sql, [scope.companyId, ...params]);
}

/** A where clause without the company: the scope supplies it. */
export type ScopedWhere<E> = Omit<FindOptionsWhere<E>, 'companyId'>;

/**
 * A TypeORM repository of a company-owned entity whose every read and write carries
 * `company_id = scope`. The plain repository stays private to the owning repository class. An entity
 * whose company may be null (a marketplace connection waiting for its user's company) fits too: the
 * scope's company is never null, so a row without one is never read, changed or deleted through it.
 */
export class ScopedRepository<E extends ObjectLiteral & { companyId: string | null }> {
  constructor(private readonly repo: Repository<E>) {}

  /** The same repository inside a transaction. */
  in(m: EntityManager): ScopedRepository<E> {
    return new ScopedRepository(m.getRepository<E>(this.repo.target));
  }

  find(
    scope: CompanyScope,
    options: Omit<FindManyOptions<E>, 'where'> & { where?: ScopedWhere<E> } = {},
  ): Promise<E[]> {
    return this.repo.find({ ...options, where: this.where(scope, options.where) });
  }

  findOne(
    scope: CompanyScope,
    where: ScopedWhere<E>,
    options: Omit<FindOneOptions<E>, 'where'> = {},
  ): Promise<E | null> {
    return this.repo.findOne({ ...options, where: this.where(scope, where) });
  }

  count(scope: CompanyScope, where?: ScopedWhere<E>): Promise<number> {
    return this.repo.count({ where: this.where(scope, where) });
  }

  /** Inserts rows of the scope's company (a `companyId` in the values is overwritten). */
  async insert(scope: CompanyScope, values: Omit<DeepPartial<E>, 'companyId'>): Promise<void> {
    this.check(scope);
    await this.repo.insert({ ...values, companyId: scope.companyId } as unknown as QueryDeepPartialEntity<E>);
  }

  /** Updates the matching rows of the scope's company; answers how many changed. */
  async update(
    scope: CompanyScope,
    where: ScopedWhere<E>,
    patch: QueryDeepPartialEntity<E>,
  ): Promise<number> {
    const result = await this.repo.update(this.where(scope, where), patch);
    return result.affected ?? 0;
  }

  /** Deletes the matching rows of the scope's company; answers how many went. */
  async delete(scope: CompanyScope, where: ScopedWhere<E>): Promise<number> {
    const result = await this.repo.delete(this.where(scope, where));
    return result.affected ?? 0;
  }

  private where(scope: CompanyScope, where?: ScopedWhere<E>): FindOptionsWhere<E> {
    this.check(scope);
    return { ...where, companyId: scope.companyId } as unknown as FindOptionsWhere<E>;
  }

  private check(scope: CompanyScope): void {
    if (!CompanyScope.is(scope)) throw new TypeError('A company-owned table is read with a CompanyScope');
  }
}
