import connectPgSimple from 'connect-pg-simple';
import type { Request } from 'express';
import session from 'express-session';
import type pg from 'pg';
import { type ActiveMembership, type ActiveMembershipRow, activeMembershipOf } from '../companies/index.js';
import type { UserIdentity } from '../users/index.js';
import { SESSION_WITH_CALLER } from './session-caller.query.js';

/** The caller as read with their session: the user (null when gone) and their active membership. */
export interface SessionCaller {
  /** The session's `userId` these were read for. */
  userId: string;
  user: UserIdentity | null;
  membership: ActiveMembership | null;
}

/** Where the store leaves the caller on the request for the AuthGuard (never saved with the session). */
const CALLER = Symbol('sessionCaller');
/** The field that carries the caller from `get` to `createSession` on the session's raw data. */
const CARRIED = '__sessionCaller';

type CallerRequest = Request & { [CALLER]?: SessionCaller };

/**
 * The caller read with the request's session, if it was read for `userId`; taken once. The guard falls
 * back to reading the user and membership itself when there is none (a session saved during this
 * request, or one another request of the same session loaded).
 */
export function takeSessionCaller(req: Request, userId: string): SessionCaller | undefined {
  const r = req as CallerRequest;
  const caller = r[CALLER];
  delete r[CALLER];
  return caller?.userId === userId ? caller : undefined;
}

type Row = {
  sess: string | session.SessionData;
  uid: string | null;
  user_id: string | null;
  email: string | null;
  name: string | null;
} & Partial<Omit<ActiveMembershipRow, 'user_id'>>;

/**
 * connect-pg-simple's store (table `session`), whose reads also bring the caller. Writes, expiry and
 * pruning are the base store's.
 */
export function sessionCallerStore(pool: pg.Pool, options: connectPgSimple.PGStoreOptions) {
  const PgStore = connectPgSimple(session);
  class SessionCallerStore extends PgStore {
    override get(sid: string, fn: (err: unknown, sess?: session.SessionData | null) => void): void {
      this.schedulePrune();
      pool.query<Row>(SESSION_WITH_CALLER, [sid, Math.ceil(Date.now() / 1000)]).then(
        ({ rows: [row] }) => {
          if (!row) return fn(null);
          let sess: session.SessionData;
          try {
            sess = typeof row.sess === 'string' ? (JSON.parse(row.sess) as session.SessionData) : row.sess;
          } catch {
            return this.destroy(sid, (err) => fn(err));
          }
          // A session not signed in (an OAuth round trip's state) has no user id; one that is not a
          // user id has no user, and the guard ends it.
          const userId = (sess as { userId?: unknown }).userId;
          const caller: SessionCaller | undefined =
            typeof userId === 'string'
              ? {
                  userId,
                  user:
                    row.uid && row.user_id
                      ? { id: row.user_id, email: row.email ?? '', name: row.name ?? '' }
                      : null,
                  membership:
                    row.uid && row.membership_id
                      ? activeMembershipOf({ ...(row as ActiveMembershipRow), user_id: row.uid })
                      : null,
                }
              : undefined;
          if (caller) (sess as session.SessionData & { [CARRIED]?: SessionCaller })[CARRIED] = caller;
          fn(null, sess);
        },
        (err: unknown) => fn(err),
      );
    }

    /**
     * The base store's `get` starts its timer that deletes expired sessions; this `get` replaces it, so it
     * starts the same timer (the base's fields, an interval of 50-150% of the configured one).
     */
    private schedulePrune(): void {
      const self = this as unknown as { pruneTimer?: NodeJS.Timeout; closed?: boolean };
      const intervalMs = (options.pruneSessionInterval || 15 * 60) * 1000;
      if (options.pruneSessionInterval === false || self.closed || self.pruneTimer) return;
      self.pruneTimer = setTimeout(() => this.pruneSessions(), intervalMs * (0.5 + Math.random())).unref();
    }

    /** Moves the caller off the session's data onto the request, before express-session hashes it. */
    override createSession(req: Request, sess: session.SessionData) {
      const data = sess as session.SessionData & { [CARRIED]?: SessionCaller };
      const caller = data[CARRIED];
      delete data[CARRIED];
      if (caller) (req as CallerRequest)[CALLER] = caller;
      return super.createSession(req, sess);
    }
  }
  return new SessionCallerStore({ ...options, pool });
}
