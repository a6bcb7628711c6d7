import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { getQueueToken } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { ERROR_CODES, type ErrorCode } from '../../common/errors/index.js';
import { QUEUES } from '../../common/queue/queues.js';
import { AuthService } from '../auth/index.js';

type BoardServerAdapter = Parameters<typeof createBullBoard>[0]['serverAdapter'];

/** Path of the dashboard under the API prefix. */
export const QUEUE_DASHBOARD_PATH = 'admin/queues';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The dashboard's page loads its fonts from Google Fonts; everything else is same-origin. */
const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
  "font-src 'self' data: https://fonts.gstatic.com",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * The BullMQ dashboard (bull-board) over every queue of the catalogue, for platform admins only. It is
 * plain Express middleware, which the global guard does not see, so `guard` checks the session itself:
 * the same idle/absolute limits, the caller read fresh from the database, platform admin required, and
 * state-changing calls only from this origin.
 */
@Injectable()
export class QueueDashboard {
  private readonly adapter = new ExpressAdapter();

  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly auth: AuthService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The middleware chain to mount at `basePath` (the full public path, e.g. /api/admin/queues). */
  handlers(basePath: string): RequestHandler[] {
    this.adapter.setBasePath(basePath);
    const queues = Object.values(QUEUES).map(
      (name) => new BullMQAdapter(this.moduleRef.get<Queue>(getQueueToken(name), { strict: false })),
    );
    createBullBoard({
      queues,
      // @bull-board/express pins its own copy of @bull-board/api (same major): the same interface.
      serverAdapter: this.adapter as unknown as BoardServerAdapter,
      options: { uiConfig: { boardTitle: 'Shipment Manager queues' } },
    });
    return [this.guard, this.adapter.getRouter() as RequestHandler];
  }

  readonly guard = (req: Request, res: Response, next: NextFunction): void => {
    this.allow(req, res).then(
      (ok) => {
        if (ok) next();
      },
      (err: unknown) => next(err),
    );
  };

  private async allow(req: Request, res: Response): Promise<boolean> {
    const session = req.session as Request['session'] | undefined;
    const userId = session?.userId;
    if (!session || !userId) return deny(res, 'NOT_AUTHENTICATED');
    const now = this.clock.nowMs();
    const created = session.createdAtMs ?? now;
    const lastSeen = session.lastSeenAtMs ?? now;
    if (
      now - lastSeen > this.config.auth.sessionIdleMs ||
      now - created > this.config.auth.sessionAbsoluteMs
    ) {
      return deny(res, 'NOT_AUTHENTICATED');
    }
    const caller = await this.auth.loadContext(userId);
    if (!caller) return deny(res, 'NOT_AUTHENTICATED');
    if (!caller.isPlatformAdmin) {
      return deny(res, 'FORBIDDEN', "You don't have admin privileges to access this page.");
    }
    if (!SAFE_METHODS.has(req.method) && !sameOrigin(req)) return deny(res, 'CSRF_REJECTED');
    session.lastSeenAtMs = now;
    res.setHeader('Content-Security-Policy', DASHBOARD_CSP);
    return true;
  }
}

function deny(res: Response, code: ErrorCode, message?: string): false {
  res.status(ERROR_CODES[code].status).json({ message: message ?? ERROR_CODES[code].message, code });
  return false;
}

/** A state-changing call must come from this origin (the dashboard's own page) or carry the API header. */
function sameOrigin(req: Request): boolean {
  if (req.get('x-requested-with')) return true;
  if (req.get('sec-fetch-site') === 'same-origin') return true;
  const origin = req.get('origin');
  if (!origin) return false;
  try {
    return new URL(origin).host === req.get('host');
  } catch {
    return false;
  }
}
