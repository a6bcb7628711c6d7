import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { RequestHandler } from 'express';
import session from 'express-session';
import pg from 'pg';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { sessionCallerStore } from './session-caller.store.js';

export const SESSION_COOKIE = 'sid';

/**
 * Server-side sessions in Postgres (table `session`): an httpOnly, SameSite=Lax cookie (Secure in
 * production) holding only the session id. Idle and absolute limits are checked by the AuthGuard.
 */
@Injectable()
export class SessionMiddleware implements OnApplicationShutdown {
  private readonly logger = new Logger('Sessions');
  private readonly pool: pg.Pool;
  private readonly store: { close(): unknown };
  readonly handler: RequestHandler;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // A database that does not answer fails the request within seconds (answered 503, decision 0039).
    this.pool = new pg.Pool({ connectionString: config.databaseUrl, max: 5, connectionTimeoutMillis: 5000 });
    // A dropped idle connection (database restart) must not crash the process; the pool reconnects.
    this.pool.on('error', (err) => this.logger.warn(`Session store connection lost: ${err.message}`));
    // Reading a session also reads its user and their membership, in the same statement (decision 0026).
    const store = sessionCallerStore(this.pool, {
      tableName: 'session',
      createTableIfMissing: false,
      pruneSessionInterval: 600,
      // The row's expiry moves when the session is saved (sign-in, and the AuthGuard's activity
      // write at most once a minute), not with an UPDATE on every request (decision 0023).
      disableTouch: true,
      errorLog: (...args: unknown[]) => this.logger.warn(args.map(String).join(' ')),
    });
    this.store = store;
    this.handler = session({
      name: SESSION_COOKIE,
      secret: config.sessionSecret,
      store,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      proxy: true,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.isProduction,
        maxAge: config.auth.sessionIdleMs,
        path: '/',
      },
    });
  }

  async onApplicationShutdown(): Promise<void> {
    // The store's prune timer outlives the pool otherwise: it fires minutes later against an ended pool.
    await this.store.close();
    await this.pool.end();
  }
}
