import { describe, expect, it } from 'vitest';
import { formatCents, formatCentsOrDash, parseShippingCost } from '../src/index.js';

describe('parseShippingCost', () => {
  it.each([
    ['12.5', 1250],
    ['$12.50', 1250],
    ['1,234.56', 123456],
    [' 12 ', 1200],
    ['0.29', 29],
    ['4.35', 435],
    ['1.005', 101],
    ['1,234.565', 123457],
    ['0.005', 1],
    ['0.0049', 0],
    ['0.0050', 1],
    ['0.999', 100],
    ['.5', 50],
    ['5.', 500],
    ['$ 1,000', 100000],
    ['+3', 300],
    ['-0', 0],
    ['$-0.00', 0],
    ['0', 0],
    ['007.10', 710],
    ['1,000,000.00', 100000000],
    ['1234567890123.45', 123456789012345],
    ['9999999999999.999', 1000000000000000],
  ])('%j -> %i cents', (raw, cents) => {
    expect(parseShippingCost(raw)).toEqual({ ok: true, cents });
  });

  it.each([
    'abc',
    '12,50',
    '1,2345',
    '12,34,567',
    '$',
    '.',
    '1e3',
    '1E+03',
    '12.5.1',
    '--5',
    '+-5',
    '(5',
    '12 50',
    'USD 5',
    '∞',
    'NaN',
    'Infinity',
    '0x10',
    '12345678901234',
    '(-5)',
  ])('%j is not a valid number', (raw) => {
    expect(parseShippingCost(raw)).toEqual({ ok: false, reason: 'invalid' });
  });

  it.each(['-1', '-$1', '$-1', '(12.50)', '($3.00)', '-0.001', ' - 4 '])('%j is negative', (raw) => {
    expect(parseShippingCost(raw)).toEqual({ ok: false, reason: 'negative' });
  });

  it.each([undefined, '', '   '])('%j is missing', (raw) => {
    expect(parseShippingCost(raw)).toEqual({ ok: false, reason: 'missing' });
  });
});

describe('formatCents', () => {
  it.each([
    [1250, '$12.50'],
    [0, '$0.00'],
    [5, '$0.05'],
    [99, '$0.99'],
    [100, '$1.00'],
    [123456, '$1,234.56'],
    [100000000, '$1,000,000.00'],
    [-1250, '-$12.50'],
  ])('%i -> %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('shows a dash when there is no amount', () => {
    expect(formatCentsOrDash(undefined)).toBe('-');
    expect(formatCentsOrDash(null)).toBe('-');
    expect(formatCentsOrDash(Number.NaN)).toBe('-');
    expect(formatCentsOrDash()).toBe('-');
    expect(formatCentsOrDash(0)).toBe('$0.00');
    expect(formatCentsOrDash(1250)).toBe('$12.50');
  });
});
