import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { QueryDeepPartialEntity, Repository } from 'typeorm';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { CompanyScope, ScopedRepository } from '../../common/database/company-scope.js';
import { SourceConnection } from './entities/source-connection.entity.js';

/** The hash a webhook token is stored as (the token itself lives only in the URL given to the source). */
export function hookTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A webhook token: 32 random bytes, URL-safe (unguessable; the only authentication V1 webhooks allow). */
export function newHookToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Where a failing connection stands after a failed sync. */
const FAILING_AFTER = 3;

/**
 * The company's source connections (decision 0034): credentials sealed with the connection's id and
 * company as associated data, so a ciphertext copied to another row does not open.
 */
@Injectable()
export class SourceConnections {
  private readonly scoped: ScopedRepository<SourceConnection>;

  constructor(
    @InjectRepository(SourceConnection) private readonly repo: Repository<SourceConnection>,
    private readonly box: SecretBox,
  ) {
    this.scoped = new ScopedRepository(repo);
  }

  list(scope: CompanyScope): Promise<SourceConnection[]> {
    return this.scoped.find(scope, { order: { createdAt: 'ASC' } });
  }

  find(scope: CompanyScope, id: string): Promise<SourceConnection | null> {
    return this.scoped.findOne(scope, { id });
  }

  findByKind(scope: CompanyScope, kind: string): Promise<SourceConnection | null> {
    return this.scoped.findOne(scope, { kind });
  }

  /** Worker code: the connection a job names (its company comes from the row). */
  byId(id: string): Promise<SourceConnection | null> {
    return this.repo.findOne({ where: { id } });
  }

  /** The connection whose ShipStation store has this id (decision 0071). */
  byStoreId(storeId: string): Promise<SourceConnection | null> {
    return this.repo.findOne({ where: { storeId } });
  }

  /** Turns store mode on with these credentials (a new store id each time), or off with null. */
  async setStore(
    scope: CompanyScope,
    id: string,
    store: { storeId: string; username: string; passwordHash: string } | null,
  ): Promise<void> {
    await this.scoped.update(
      scope,
      { id },
      {
        storeId: store?.storeId ?? null,
        storeUsername: store?.username ?? null,
        storePasswordHash: store?.passwordHash ?? null,
        storeEnabledAt: store ? new Date() : null,
        updatedAt: new Date(),
      },
    );
  }

  byHookToken(token: string): Promise<SourceConnection | null> {
    return this.repo.findOne({ where: { hookTokenHash: hookTokenHash(token) } });
  }

  /** Connections a poll is due for (not paused; never polled, or longer ago than `intervalMs`). */
  async duePolls(intervalMs: number): Promise<string[]> {
    const rows = await this.repo.query<{ id: string }[]>(
      `SELECT id FROM source_connections
        WHERE NOT paused AND (last_poll_at IS NULL OR last_poll_at < now() - ($1::int * interval '1 millisecond'))`,
      [intervalMs],
    );
    return rows.map((r) => r.id);
  }

  /** A new connection (not saved): its id, the sealed credentials and a fresh webhook token. */
  prepare(
    scope: CompanyScope,
    kind: string,
    secret: Readonly<Record<string, string>>,
    connectedBy: string,
  ): { row: Partial<SourceConnection> & { id: string }; hookToken: string } {
    const id = randomUUID();
    const hookToken = newHookToken();
    return {
      hookToken,
      row: {
        id,
        companyId: scope.companyId,
        kind,
        credentialsCiphertext: this.box.seal(JSON.stringify(secret), `${scope.companyId}:${id}`),
        hookTokenHash: hookTokenHash(hookToken),
        connectedBy,
      },
    };
  }

  /** New credentials for an existing connection (sealed to it). */
  reseal(c: Pick<SourceConnection, 'companyId' | 'id'>, secret: Readonly<Record<string, string>>): string {
    return this.box.seal(JSON.stringify(secret), `${c.companyId}:${c.id}`);
  }

  async insert(scope: CompanyScope, row: Partial<SourceConnection>): Promise<void> {
    await this.scoped.insert(scope, row);
  }

  async update(
    scope: CompanyScope,
    id: string,
    patch: QueryDeepPartialEntity<SourceConnection>,
  ): Promise<void> {
    await this.scoped.update(scope, { id }, { ...patch, updatedAt: new Date() });
  }

  /**
   * A disconnect made in the portal: the connection stays (settings, held items, alerts), paused, its
   * credentials and webhook token gone (a delivery to the old URL opens nothing).
   */
  async disconnect(scope: CompanyScope, id: string, reason: string): Promise<void> {
    await this.scoped.update(
      scope,
      { id },
      {
        paused: true,
        disconnectedAt: new Date(),
        credentialsCiphertext: '',
        hookTokenHash: hookTokenHash(newHookToken()),
        webhookIds: [],
        webhookProblem: null,
        // Store mode ends with the connection: its URL and password open nothing any more.
        storeId: null,
        storeUsername: null,
        storePasswordHash: null,
        storeEnabledAt: null,
        failingReason: reason,
        failures: 0,
        updatedAt: new Date(),
      },
    );
  }

  /** The connection's sealed secret, opened for a call (each connector reads its own fields from it). */
  secret(c: Pick<SourceConnection, 'credentialsCiphertext' | 'companyId' | 'id'>): Record<string, unknown> {
    const parsed = JSON.parse(this.box.open(c.credentialsCiphertext, `${c.companyId}:${c.id}`)) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  }

  /** A sync ended well: the failure count and reason go, the sync time (and high-water mark) move on. */
  async synced(id: string, highWaterMark?: Date | null, polled = false): Promise<void> {
    await this.repo.query(
      `UPDATE source_connections
          SET failures = 0, failing_reason = NULL, last_sync_at = now(), updated_at = now(),
              high_water_mark = GREATEST(high_water_mark, $2::timestamptz),
              last_poll_at = CASE WHEN $3 THEN now() ELSE last_poll_at END
        WHERE id = $1`,
      [id, highWaterMark ?? null, polled],
    );
  }

  /** Moves the high-water mark on after a page was recorded (a later fault resumes from there). */
  async advance(id: string, highWaterMark: Date): Promise<void> {
    await this.repo.query(
      `UPDATE source_connections SET high_water_mark = GREATEST(high_water_mark, $2::timestamptz) WHERE id = $1`,
      [id, highWaterMark],
    );
  }

  /**
   * A sync failed. A refused key is failing at once; passing faults (429 storms, outages) after
   * FAILING_AFTER in a row. Nothing is lost either way: the high-water mark stays where it was.
   */
  async failed(id: string, reason: string, atOnce: boolean): Promise<void> {
    await this.repo.query(
      `UPDATE source_connections
          SET failures = failures + 1, updated_at = now(),
              failing_reason = CASE WHEN $3 OR failures + 1 >= $4 THEN $2 ELSE failing_reason END
        WHERE id = $1`,
      [id, reason, atOnce, FAILING_AFTER],
    );
  }

  /** Voids were read up to `at` (the next void read resumes there, minus its overlap). */
  async voidsReadAt(id: string, at: Date): Promise<void> {
    await this.repo.query(
      `UPDATE source_connections SET void_mark = GREATEST(coalesce(void_mark, $2::timestamptz), $2::timestamptz) WHERE id = $1`,
      [id, at],
    );
  }

  /** Why webhook subscriptions could not be made (null: they were); shown on the connection. */
  async webhookProblem(id: string, problem: string | null): Promise<void> {
    await this.repo.query('UPDATE source_connections SET webhook_problem = $2 WHERE id = $1', [
      id,
      problem === null ? null : problem.slice(0, 500),
    ]);
  }

  /** The poll was tried now (so the tick does not ask again at once, whatever its outcome). */
  async polledNow(id: string): Promise<void> {
    await this.repo.query('UPDATE source_connections SET last_poll_at = now() WHERE id = $1', [id]);
  }
}
