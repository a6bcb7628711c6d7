import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthContext } from '../../common/http/auth-context.js';
import { ActivityLog } from './activity-log.repository.js';

/** Names of what the activity log records. */
export type ActivityAction =
  | 'auth.signed_in'
  | 'auth.sign_in_failed'
  | 'auth.signed_out'
  | 'company.created'
  | 'invitation.sent'
  | 'invitation.resent'
  | 'invitation.accepted'
  | 'member.removed'
  | 'member.role_changed'
  | 'marketplace.connected'
  | 'marketplace.disconnected'
  | 'marketplace.brand_changed'
  | 'shipments.uploaded'
  | 'shipments.processed'
  | 'shipment.retried'
  | 'shipments.retried'
  | 'sources.connected'
  | 'sources.changed'
  | 'sources.disconnected'
  | 'sources.received'
  | 'sources.sent'
  | 'sources.dismissed'
  | 'settings.thresholds_changed'
  | 'config.changed';

export interface ActivityEntry {
  actor?:
    (Pick<AuthContext, 'userId' | 'email' | 'isPlatformAdmin'> & Partial<Pick<AuthContext, 'role'>>) | null;
  companyId?: string | null;
  action: ActivityAction;
  target?: string | null;
  details?: Record<string, unknown>;
}

/** Appends to the audit log. Never pass secrets in `details`. */
@Injectable()
export class ActivityService {
  constructor(private readonly log: ActivityLog) {}

  async record(entry: ActivityEntry, manager?: EntityManager): Promise<void> {
    await this.log.append(
      {
        actorUserId: entry.actor?.userId ?? null,
        actorEmail: entry.actor?.email ?? null,
        actorIsAdmin: entry.actor?.isPlatformAdmin ?? false,
        companyId: entry.companyId ?? null,
        actorRole: entry.actor?.role ?? null,
        action: entry.action,
        target: entry.target ?? null,
        details: entry.details ?? {},
      },
      manager,
    );
  }
}
