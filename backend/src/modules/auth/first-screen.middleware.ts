import { Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { FirstScreenData } from '../../common/http/first-screen-html.js';
import { CompanyConnections } from '../marketplace/index.js';
import { AuthFlowService } from './auth-flow.service.js';
import { AuthGuard } from './auth.guard.js';
import { SESSION_COOKIE, SessionMiddleware } from './session.middleware.js';

/** Client routes that open on the dashboard tab (App.tsx: the admin dashboard and /dashboard). */
const DASHBOARD_PATHS = new Set(['/', '/dashboard']);

function opensDashboard(req: Request): boolean {
  const path = req.path.replace(/\/+$/, '') || '/';
  const tab = req.query.tab;
  return DASHBOARD_PATHS.has(path) && (tab === undefined || tab === 'dashboard');
}

/**
 * What the page carries for a signed-in caller so the first screen needs no round trip before it can
 * ask for its numbers (decision 0042): the answers of GET /api/auth/me, /api/auth/config and
 * /api/faire/connection, exactly as those routes give them to this caller, and on the dashboard the
 * data requests the page starts before its scripts have loaded (the stats, and the late rate when Faire
 * is connected). Signed out, or anything failing: null, and the page asks for everything itself.
 */
@Injectable()
export class FirstScreen {
  private readonly logger = new Logger('FirstScreen');

  constructor(
    private readonly sessions: SessionMiddleware,
    private readonly guard: AuthGuard,
    private readonly flow: AuthFlowService,
    private readonly connections: CompanyConnections,
  ) {}

  async forRequest(req: Request, res: Response): Promise<FirstScreenData | null> {
    if (!req.headers.cookie?.includes(`${SESSION_COOKIE}=`)) return null;
    try {
      // The session middleware runs after the static files (they need no session); the page does.
      await new Promise<void>((resolve, reject) =>
        this.sessions.handler(req, res, (err?: unknown) =>
          err ? reject(err instanceof Error ? err : new Error('The session could not be read')) : resolve(),
        ),
      );
      const auth = await this.guard.resolve(req);
      if (!auth) return null;
      const [me, connection] = await Promise.all([this.flow.me(auth), this.connections.view(auth)]);
      const prefetch: string[] = [];
      if (auth.companyId && opensDashboard(req)) {
        prefetch.push('/api/analytics/stats');
        if (connection.status === 'CONNECTED') prefetch.push('/api/orders/late-rate');
      }
      return {
        data: {
          '/api/auth/me': me,
          '/api/auth/config': this.flow.publicConfig(),
          '/api/faire/connection': connection,
        },
        prefetch,
      };
    } catch (err) {
      this.logger.warn(`Page served without its first-screen data: ${(err as Error).message}`);
      return null;
    }
  }
}
