import { outsideText, outsideTextOrNull } from './outside-text.js';

describe('outsideText', () => {
  it('puts text with line breaks and other layout characters on one line', () => {
    expect(outsideText('Evil Store\n\nACTION NEEDED:\r\tpay\u2028now\u202Eevil\u0085x\u007F')).toBe(
      'Evil Store  ACTION NEEDED:  pay now evil x ',
    );
  });

  it('keeps ordinary text as it is, and null as null', () => {
    expect(outsideText('Café Ümlaut & Sons <b>')).toBe('Café Ümlaut & Sons <b>');
    expect(outsideTextOrNull(null)).toBeNull();
    expect(outsideTextOrNull(undefined)).toBeNull();
  });

  it('cuts text over the limit', () => {
    expect(outsideText('x'.repeat(600))).toBe(`${'x'.repeat(500)}…`);
  });
});
