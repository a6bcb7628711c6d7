import { describe, expect, it } from 'vitest';
import { actionLabel, actorLabel, describeActivity, formatTime } from './format';

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
    expect(actorLabel({ isAdmin: true })).toBe('Admin');
    expect(actorLabel({ isAdmin: false })).toBe('User');
  });

  it('puts actions in words, with the target', () => {
    expect(actionLabel('invitation.sent')).toBe('Sent an invitation');
    expect(actionLabel('orders.nightly_refresh')).toBe('Orders nightly refresh');
    expect(describeActivity({ action: 'config.changed', target: 'faireApplicationSecret' })).toBe(
      'Changed the API configuration: faireApplicationSecret',
    );
    expect(describeActivity({ action: 'auth.signed_out', target: null })).toBe('Signed out');
  });
});
