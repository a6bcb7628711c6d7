import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type Repository } from 'typeorm';
import { type CompanyScope, ScopedRepository } from '../../common/database/company-scope.js';
import type { ApiKeyScope } from '../../common/http/auth-context.js';
import { ApiKey } from './entities/api-key.entity.js';

/** Last use is written at most this often per key (a write on every call would put a commit in each). */
const TOUCH_EVERY_MS = 60_000;

/** `api_keys` (decision 0067): a company's keys, by hash for the guard, touched when used. */
@Injectable()
export class ApiKeyRecords {
  private readonly scoped: ScopedRepository<ApiKey>;

  constructor(@InjectRepository(ApiKey) private readonly repo: Repository<ApiKey>) {
    this.scoped = new ScopedRepository(repo);
  }

  /** The company's keys not revoked, oldest first. */
  live(scope: CompanyScope): Promise<ApiKey[]> {
    return this.scoped.find(scope, { where: { revokedAt: IsNull() }, order: { createdAt: 'ASC' } });
  }

  countLive(scope: CompanyScope): Promise<number> {
    return this.scoped.count(scope, { revokedAt: IsNull() });
  }

  async insert(
    scope: CompanyScope,
    row: { name: string; prefix: string; keyHash: string; scopes: ApiKeyScope[]; createdBy: string },
  ): Promise<ApiKey> {
    await this.scoped.insert(scope, row);
    return (await this.scoped.findOne(scope, { keyHash: row.keyHash }))!;
  }

  /** Revokes the company's live key `id`; the key as it was, or null when it has none such. */
  async revoke(scope: CompanyScope, id: string, by: string): Promise<ApiKey | null> {
    const key = await this.scoped.findOne(scope, { id, revokedAt: IsNull() });
    if (!key) return null;
    await this.scoped.update(scope, { id }, { revokedAt: new Date(), revokedBy: by });
    return key;
  }

  /** The guard's lookup: the key with this hash, live or not (its company comes from the row). */
  byHash(hash: string): Promise<ApiKey | null> {
    return this.repo.findOne({ where: { keyHash: hash } });
  }

  /** The key was used now, from `from` (written once a minute at most). */
  async touch(id: string, from: string | null): Promise<void> {
    await this.repo.query(
      `UPDATE api_keys SET last_used_at = now(), last_used_from = $2
        WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - ($3::int * interval '1 millisecond'))`,
      [id, from, TOUCH_EVERY_MS],
    );
  }
}
