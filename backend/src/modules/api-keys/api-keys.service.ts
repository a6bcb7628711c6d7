import { Injectable } from '@nestjs/common';
import { CompanyScope } from '../../common/database/company-scope.js';
import { AppError } from '../../common/errors/index.js';
import type { ApiKeyContext, ApiKeyScope, CompanyAuthContext } from '../../common/http/auth-context.js';
import { ActivityService } from '../activity/index.js';
import { UserDirectory } from '../users/index.js';
import { bearerKey, hashApiKey, newApiKey, sameHash } from './api-key-secrets.js';
import type { ApiKeyView, ApiKeysView, CreatedApiKeyView } from './api-keys.dto.js';
import { ApiKeyRecords } from './api-keys.repository.js';
import type { ApiKey } from './entities/api-key.entity.js';

/** Live keys a company may have at once. */
export const MAX_LIVE_KEYS = 25;

/** A refused key is written to its company's log once in this long at most (a tool retrying in a loop). */
const REFUSAL_LOG_EVERY_MS = 10 * 60_000;

/** The one answer for a key that is missing, malformed, unknown or revoked: nothing is revealed. */
const NOT_VALID = 'The API key is missing or not valid. Send it as "Authorization: Bearer <key>".';

/**
 * Company API keys (decision 0067): a company admin creates named keys with scopes (the key shown once,
 * kept as its hash) and revokes them at once; members see the list. A key acts for its company only,
 * never as a person; every creation, refusal of a known key and revocation is in the activity log.
 */
@Injectable()
export class ApiKeysService {
  private readonly refusalsLogged = new Map<string, number>();

  constructor(
    private readonly keys: ApiKeyRecords,
    private readonly users: UserDirectory,
    private readonly activity: ActivityService,
  ) {}

  async list(caller: CompanyAuthContext): Promise<ApiKeysView> {
    const rows = await this.keys.live(CompanyScope.of(caller));
    const names = await this.users.namesByIds(rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])));
    return {
      keys: rows.map((r) => view(r, r.createdBy ? (names.get(r.createdBy)?.email ?? null) : null)),
      limit: MAX_LIVE_KEYS,
      canManage: caller.role === 'COMPANY_ADMIN',
    };
  }

  async create(caller: CompanyAuthContext, name: string, scopes: ApiKeyScope[]): Promise<CreatedApiKeyView> {
    const scope = CompanyScope.of(caller);
    const unique = [...new Set(scopes)];
    if (unique.length !== scopes.length) {
      throw new AppError('VALIDATION_FAILED', 'scopes names a scope more than once');
    }
    if ((await this.keys.countLive(scope)) >= MAX_LIVE_KEYS) {
      throw new AppError(
        'CONFLICT',
        `A company can have ${MAX_LIVE_KEYS} live API keys: revoke one you no longer use to create another`,
      );
    }
    const made = newApiKey();
    const row = await this.keys.insert(scope, {
      name: name.trim(),
      prefix: made.prefix,
      keyHash: made.hash,
      scopes: unique,
      createdBy: caller.userId,
    });
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action: 'api_key.created',
      target: row.name,
      details: { keyId: row.id, prefix: row.prefix, scopes: row.scopes },
    });
    return { ...view(row, caller.email), key: made.key };
  }

  async revoke(caller: CompanyAuthContext, id: string): Promise<{ ok: true }> {
    const key = /^[0-9a-f-]{36}$/i.test(id)
      ? await this.keys.revoke(CompanyScope.of(caller), id, caller.userId)
      : null;
    if (!key) throw new AppError('NOT_FOUND', 'API key not found');
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action: 'api_key.revoked',
      target: key.name,
      details: { keyId: key.id, prefix: key.prefix },
    });
    return { ok: true };
  }

  /**
   * The caller of a public API route from its `Authorization` header, allowed `needed`: 401 for a key
   * missing, malformed, unknown or revoked (one answer for all), 403 for a key without the scope. A
   * refusal of a key the company has is written to its activity log.
   */
  async authenticate(header: unknown, needed: ApiKeyScope, from: string | null): Promise<ApiKeyContext> {
    const key = bearerKey(header);
    if (!key) throw new AppError('NOT_AUTHENTICATED', NOT_VALID);
    const hash = hashApiKey(key);
    const row = await this.keys.byHash(hash);
    if (!row || !sameHash(row.keyHash, hash)) throw new AppError('NOT_AUTHENTICATED', NOT_VALID);
    if (row.revokedAt) {
      await this.refused(row, 'The key was revoked', from);
      throw new AppError('NOT_AUTHENTICATED', NOT_VALID);
    }
    if (!row.scopes.includes(needed)) {
      await this.refused(row, `The key lacks the ${needed} scope`, from);
      throw new AppError('FORBIDDEN', `This API key does not have the ${needed} scope`);
    }
    await this.keys.touch(row.id, from);
    return { keyId: row.id, keyName: row.name, companyId: row.companyId, scopes: row.scopes };
  }

  private async refused(row: ApiKey, reason: string, from: string | null): Promise<void> {
    const now = Date.now();
    if (now - (this.refusalsLogged.get(row.id) ?? 0) < REFUSAL_LOG_EVERY_MS) return;
    this.refusalsLogged.set(row.id, now);
    if (this.refusalsLogged.size > 10_000) this.refusalsLogged.clear();
    await this.activity.record({
      actor: null,
      companyId: row.companyId,
      action: 'api_key.refused',
      target: row.name,
      details: { keyId: row.id, prefix: row.prefix, reason, from },
    });
  }
}

function view(r: ApiKey, createdBy: string | null): ApiKeyView {
  return {
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    scopes: r.scopes,
    createdBy,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    lastUsedFrom: r.lastUsedFrom,
  };
}
