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

/** Spec: 'Admin' when the actor is a platform admin, otherwise 'User'. */
export function actorLabel(item: Pick<ActivityItem, 'isAdmin'>): 'Admin' | 'User' {
  return item.isAdmin ? 'Admin' : 'User';
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
  'settings.thresholds_changed': 'Changed late thresholds',
  'config.changed': 'Changed the API configuration',
};

/** An action in words; one not in the list reads as its name, e.g. "orders.refreshed" -> "Orders refreshed". */
export function actionLabel(action: string): string {
  const known = ACTION_LABELS[action];
  if (known) return known;
  const words = action.replace(/[._]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : action;
}

/** The action in words with what it was about, e.g. "Sent an invitation: bea@example.com". */
export function describeActivity(item: Pick<ActivityItem, 'action' | 'target'>): string {
  const label = actionLabel(item.action);
  return item.target ? `${label}: ${item.target}` : label;
}
