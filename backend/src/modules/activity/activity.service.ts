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
  | 'sources.sent_now'
  | 'sources.not_sent'
  | 'sources.dismissed'
  | 'settings.thresholds_changed'
  | 'config.changed'
  | 'api_key.created'
  | 'api_key.revoked'
  | 'inbound.mail_address_created'
  | 'inbound.mail_address_regenerated'
  | 'inbound.allowed_senders_changed'
  | 'inbound.sftp_password_set'
  | 'inbound.sftp_password_changed'
  | 'inbound.sftp_key_added'
  | 'inbound.sftp_key_removed'
  | 'api_key.refused'
  | 'webhook.created'
  | 'webhook.changed'
  | 'webhook.deleted'
  | 'webhook.secret_rotated'
  | 'webhook.disabled';

export interface ActivityEntry {
  /**
   * Who did it, with their role in the company then (null for a platform admin or someone without a
   * company); null when nobody did (a source, a schedule: `details.source` names the source).
   */
  actor?: (Pick<AuthContext, 'userId' | 'email' | 'isPlatformAdmin'> & Pick<AuthContext, 'role'>) | null;
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
