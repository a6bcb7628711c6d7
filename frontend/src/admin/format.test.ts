import { describe, expect, it } from 'vitest';
import {
  actionLabel,
  actorLabel,
  describeActivity,
  formatTime,
  roleNotRecorded,
  sourceActor,
} from './format';

describe('formatTime', () => {
  it('shows hh:mm with AM/PM, two-digit hours', () => {
    expect(formatTime(new Date(2026, 0, 5, 0, 7))).toBe('12:07 AM');
    expect(formatTime(new Date(2026, 0, 5, 9, 5))).toBe('09:05 AM');
    expect(formatTime(new Date(2026, 0, 5, 11, 59))).toBe('11:59 AM');
    expect(formatTime(new Date(2026, 0, 5, 12, 0))).toBe('12:00 PM');
    expect(formatTime(new Date(2026, 0, 5, 13, 45))).toBe('01:45 PM');
    expect(formatTime(new Date(2026, 0, 5, 23, 30))).toBe('11:30 PM');
  });

  it('reads ISO timestamps in the local time zone and survives a bad value', () => {
    const d = new Date(2026, 5, 1, 15, 4);
    expect(formatTime(d.toISOString())).toBe('03:04 PM');
    expect(formatTime('not a date')).toBe('--:--');
  });
});

describe('actor and action labels', () => {
  it("labels a platform admin 'Admin' and anyone else 'User'", () => {
    expect(actorLabel({ isAdmin: true, actorRole: null })).toBe('Admin');
    expect(actorLabel({ isAdmin: false, actorRole: null })).toBe('User');
  });

  it('knows an older entry of a company’s person did not record the role', () => {
    const older = { isAdmin: false, actorRole: null, companyId: 'c1', actorEmail: 'ann@example.com' };
    expect(roleNotRecorded(older)).toBe(true);
    expect(actorLabel(older)).toBe('User');
    expect(roleNotRecorded({ ...older, actorRole: 'COMPANY_USER' })).toBe(false);
    expect(roleNotRecorded({ ...older, isAdmin: true })).toBe(false);
    expect(roleNotRecorded({ ...older, companyId: null })).toBe(false);
  });

  it("labels a company admin 'Company admin', never 'User'", () => {
    expect(actorLabel({ isAdmin: false, actorRole: 'COMPANY_ADMIN' })).toBe('Company admin');
    expect(actorLabel({ isAdmin: false, actorRole: 'COMPANY_USER' })).toBe('User');
    expect(actorLabel({ isAdmin: true, actorRole: 'COMPANY_USER' })).toBe('Admin');
  });

  it('names roles from and to, threshold values, and files instead of upload ids', () => {
    expect(
      describeActivity({
        action: 'member.role_changed',
        target: 'Bea (bea@example.com)',
        details: { from: 'COMPANY_USER', to: 'COMPANY_ADMIN' },
      }),
    ).toBe('Changed a member’s role: Bea (bea@example.com) from User to Admin');
    expect(
      describeActivity({
        action: 'settings.thresholds_changed',
        target: null,
        details: {
          before: { newOrderDays: 1, processingDays: 1, preTransitDays: 2, inTransitDays: 8 },
          after: { newOrderDays: 1, processingDays: 3, preTransitDays: 2, inTransitDays: 10 },
        },
      }),
    ).toBe('Changed late thresholds: Processing 1 → 3 days, In transit 8 → 10 days');
    expect(
      describeActivity({
        action: 'shipments.retried',
        target: 'week-48.csv',
        details: { uploadId: '0b9a7c1e-3f51-4c55-9d7b-1f2e3d4c5b6a', retried: 2 },
      }),
    ).toBe("Retried an upload's failed rows: week-48.csv (2 rows)");
    expect(
      describeActivity({
        action: 'shipments.retried',
        target: '0b9a7c1e-3f51-4c55-9d7b-1f2e3d4c5b6a',
        details: { retried: 1 },
      }),
    ).toBe("Retried an upload's failed rows: 1 row");
    expect(
      describeActivity({
        action: 'shipments.uploaded',
        target: 'week-48.csv',
        details: { uploadId: 'x', totalRows: 14 },
      }),
    ).toBe('Uploaded shipments: week-48.csv (14 rows)');
  });

  it('puts actions in words, with the target', () => {
    expect(actionLabel('invitation.sent')).toBe('Sent an invitation');
    expect(actionLabel('orders.nightly_refresh')).toBe('Orders nightly refresh');
    expect(actionLabel('api_key.created')).toBe('Created an API key');
    expect(actionLabel('api_key.refused')).toBe('Refused a call with an API key');
    expect(
      describeActivity({ action: 'config.changed', target: 'faireApplicationSecret', details: {} }),
    ).toBe('Changed the API configuration: faireApplicationSecret');
    expect(describeActivity({ action: 'auth.signed_out', target: null, details: {} })).toBe('Signed out');
  });

  it('names the source of shipments that arrived without a file, and what a source did', () => {
    expect(
      describeActivity({
        action: 'sources.received',
        target: 'ShipStation',
        details: { sent: 3, held: 1, dropped: 0 },
      }),
    ).toBe('Shipments arrived on their own: ShipStation (3 sent, 1 held)');
    expect(describeActivity({ action: 'sources.connected', target: 'ShipStation', details: {} })).toBe(
      'Connected a shipment source: ShipStation',
    );
    expect(
      describeActivity({ action: 'sources.sent', target: 'ABCDE12345', details: { sent: 1, held: 0 } }),
    ).toBe('Sent held labels to Faire: ABCDE12345 (1 sent)');
  });

  it('says a repeat as "already on Faire", and counts of items in words', () => {
    expect(
      describeActivity({
        action: 'sources.received',
        target: 'Shopify',
        details: { source: 'Shopify', sent: 0, alreadyOnFaire: 1, held: 0 },
      }),
    ).toBe('Shipments arrived on their own: Shopify (1 already on Faire)');
    expect(
      describeActivity({ action: 'sources.sent_now', target: '3 item(s)', details: { sent: 2, voided: 1 } }),
    ).toBe('Sent waiting labels now: 3 items (2 sent, 1 voided)');
    expect(describeActivity({ action: 'sources.not_sent', target: '1 item(s)', details: {} })).toBe(
      'Chose not to send waiting labels: 1 item',
    );
  });

  it("names a source as the actor of what it did by itself, never 'User'", () => {
    const bySource = { isAdmin: false, actorRole: null, userId: null, actorEmail: null };
    expect(sourceActor({ ...bySource, details: { source: 'ShipStation' } })).toBe('ShipStation');
    expect(actorLabel({ ...bySource, details: { source: 'Shopify' } })).toBe('Shopify');
    // A person's entry that carries a source in its details is still the person's.
    expect(
      actorLabel({
        ...bySource,
        userId: 'u1',
        actorEmail: 'a@b.c',
        actorRole: 'COMPANY_ADMIN',
        details: { source: 'ShipStation' },
      }),
    ).toBe('Company admin');
    expect(actorLabel({ ...bySource, details: {} })).toBe('User');
  });
});
