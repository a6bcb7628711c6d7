import { THRESHOLD_FIELDS } from '@portal/shipment-rules';
import type { ActivityItem } from './api';

/** "hh:mm AM/PM" in the viewer's time zone, e.g. "09:05 AM". */
export function formatTime(value: string | Date): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '--:--';
  const hours = d.getHours();
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${String(h12).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')} ${suffix}`;
}

/** "Jan 5, 2026" (the year only when it is not the current one). */
export function formatDay(value: string | Date, now: Date = new Date()): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '-';
  return d.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(d.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
}

export function isSameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

type ActorFields = Pick<ActivityItem, 'isAdmin' | 'actorRole'> &
  Partial<Pick<ActivityItem, 'userId' | 'actorEmail' | 'details'>>;

/**
 * The source that did it, by name ("ShipStation"), for an entry no person made: a source records its
 * own entries with no actor and its name in `details.source`.
 */
export function sourceActor(item: ActorFields): string | null {
  if (item.isAdmin || item.userId || item.actorEmail) return null;
  const source = item.details?.source;
  return typeof source === 'string' && source.trim() ? source.trim() : null;
}

/**
 * Spec: 'Admin' when the actor is a platform admin, otherwise 'User'; a company admin reads 'Company
 * admin', not 'User' (entries from before the role was kept read 'User'); an entry a source made reads
 * as the source's name.
 */
export function actorLabel(item: ActorFields): string {
  if (item.isAdmin) return 'Admin';
  const source = sourceActor(item);
  if (source) return source;
  return item.actorRole === 'COMPANY_ADMIN' ? 'Company admin' : 'User';
}

/**
 * True for an entry by a person of a company recorded before roles were kept (its role is null): its
 * chip says 'User' as the spec does, without claiming it, and says why (the role was not recorded).
 */
export function roleNotRecorded(
  item: Pick<ActivityItem, 'isAdmin' | 'actorRole' | 'companyId' | 'actorEmail'>,
): boolean {
  return !item.isAdmin && !item.actorRole && !!item.companyId && !!item.actorEmail;
}

/** What each recorded action means, in words. */
export const ACTION_LABELS: Record<string, string> = {
  'auth.signed_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.signed_out': 'Signed out',
  'company.created': 'Created a company',
  'invitation.sent': 'Sent an invitation',
  'invitation.resent': 'Resent an invitation',
  'invitation.accepted': 'Accepted an invitation',
  'member.removed': 'Removed a member',
  'member.role_changed': 'Changed a member’s role',
  'marketplace.connected': 'Connected a Faire account',
  'marketplace.disconnected': 'Disconnected a Faire account',
  'shipments.uploaded': 'Uploaded shipments',
  'shipments.processed': 'Processed shipments',
  'shipment.retried': 'Retried a shipment',
  'shipments.retried': "Retried an upload's failed rows",
  'sources.connected': 'Connected a shipment source',
  'sources.changed': 'Changed a shipment source',
  'sources.disconnected': 'Disconnected a shipment source',
  'sources.received': 'Shipments arrived on their own',
  'sources.sent': 'Sent held labels to Faire',
  'sources.sent_now': 'Sent waiting labels now',
  'sources.not_sent': 'Chose not to send waiting labels',
  'sources.dismissed': 'Dismissed held labels',
  'settings.thresholds_changed': 'Changed late thresholds',
  'config.changed': 'Changed the API configuration',
  'api_key.created': 'Created an API key',
  'api_key.revoked': 'Revoked an API key',
  'api_key.refused': 'Refused a call with an API key',
  'webhook.created': 'Added a webhook endpoint',
  'webhook.changed': 'Changed a webhook endpoint',
  'webhook.deleted': 'Deleted a webhook endpoint',
  'webhook.secret_rotated': 'Rotated a webhook signing secret',
  'webhook.disabled': 'A failing webhook endpoint was turned off',
};

/** An action in words; one not in the list reads as its name, e.g. "orders.refreshed" -> "Orders refreshed". */
export function actionLabel(action: string): string {
  const known = ACTION_LABELS[action];
  if (known) return known;
  const words = action.replace(/[._]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : action;
}

const ROLE_WORDS: Record<string, string> = { COMPANY_ADMIN: 'Admin', COMPANY_USER: 'User' };

const THRESHOLD_WORDS: ReadonlyArray<[string, string]> = THRESHOLD_FIELDS.map((f) => [f.key, f.label]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "3 item(s)", as the server names a count of items, in words: "3 items". */
const items = (target: string) =>
  target.replace(/^(\d+) item\(s\)$/, (_m, n: string) => `${n} ${n === '1' ? 'item' : 'items'}`);

const days = (n: unknown) => `${String(n)} ${n === 1 ? 'day' : 'days'}`;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The late thresholds a change set: the ones that changed, old to new ("In transit 8 → 10 days"). */
function thresholdChange(details: Record<string, unknown>): string {
  const before = (details.before ?? {}) as Record<string, unknown>;
  const after = (details.after ?? {}) as Record<string, unknown>;
  const parts: string[] = [];
  for (const [key, words] of THRESHOLD_WORDS) {
    const [was, now] = [num(before[key]), num(after[key])];
    if (now === undefined) continue;
    if (was === undefined) parts.push(`${words} ${days(now)}`);
    else if (was !== now) parts.push(`${words} ${was} → ${days(now)}`);
  }
  return parts.join(', ');
}

/** What an entry was about, from its target and details: who, which file, from what to what. */
function subject(item: Pick<ActivityItem, 'action' | 'target' | 'details'>): string {
  const d = item.details ?? {};
  const target = item.target ?? '';
  switch (item.action) {
    case 'member.role_changed': {
      const [from, to] = [ROLE_WORDS[String(d.from)], ROLE_WORDS[String(d.to)]];
      return from && to ? `${target} from ${from} to ${to}` : target;
    }
    case 'settings.thresholds_changed':
      return thresholdChange(d);
    case 'shipments.retried': {
      // Entries from before the file was named held the upload's id.
      const file = UUID.test(target) ? '' : target;
      const n = num(d.retried);
      const rows = n === undefined ? '' : `${n} ${n === 1 ? 'row' : 'rows'}`;
      return file && rows ? `${file} (${rows})` : file || rows;
    }
    case 'sources.received':
    case 'sources.sent':
    case 'sources.sent_now': {
      // "ShipStation (3 sent, 1 already on Faire, 1 held)": what the source (or the admin) sent, what
      // was on Faire already, and what still waits.
      const parts = [
        [num(d.sent), 'sent'],
        [num(d.alreadyOnFaire), 'already on Faire'],
        [num(d.held), 'held'],
        [num(d.voided), 'voided'],
        [num(d.dropped), 'dropped'],
      ]
        .filter(([n]) => typeof n === 'number' && n > 0)
        .map(([n, w]) => `${String(n)} ${String(w)}`);
      const what = items(target);
      return parts.length ? `${what} (${parts.join(', ')})` : what;
    }
    case 'sources.dismissed':
    case 'sources.not_sent':
      return items(target);
    case 'shipments.uploaded':
    case 'shipments.processed': {
      const n = num(d.totalRows) ?? (num(d.success) ?? 0) + (num(d.failed) ?? 0) + (num(d.pending) ?? 0);
      return n ? `${target} (${n} ${n === 1 ? 'row' : 'rows'})` : target;
    }
    default:
      return target;
  }
}

/** The action in words with what it was about, e.g. "Sent an invitation: bea@example.com". */
export function describeActivity(item: Pick<ActivityItem, 'action' | 'target' | 'details'>): string {
  const label = actionLabel(item.action);
  const about = subject(item);
  return about ? `${label}: ${about}` : label;
}
