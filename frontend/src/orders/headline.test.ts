import { describe, expect, it } from 'vitest';
import { atRiskCaption } from '../dashboard/LateRateCard';
import { openOrdersHeadline } from './OpenOrdersPage';

describe('one meaning of late on Open Orders, each chip counted under its own name', () => {
  it('counts late orders and the others past the expected ship date apart', () => {
    expect(openOrdersHeadline(120, 6, 12)).toBe(
      '120 open orders · 6 late by your thresholds · 12 more past the expected ship date',
    );
    expect(openOrdersHeadline(1, 0, 0)).toBe('1 open order');
    expect(openOrdersHeadline(3, 2, 0)).toBe('3 open orders · 2 late by your thresholds');
  });
});

describe('the at-risk list is captioned for what it lists', () => {
  it('says which orders are already overdue and which are due soon', () => {
    expect(atRiskCaption(5, 3, 48)).toBe(
      'Not scanned yet. 3 already past their expected ship date: they count as late when the carrier scans them; ' +
        '2 due within 48 hours: late unless the carrier scans them by the end of their expected ship day.',
    );
    expect(atRiskCaption(0, 0, 48)).toBe(
      'Not scanned yet. 0 due within 48 hours: late unless the carrier scans them by the end of their expected ship day.',
    );
  });
});
