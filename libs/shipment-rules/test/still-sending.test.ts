import { describe, expect, it } from 'vitest';
import { stillSendingText, waitInWords } from '../src/index.js';

describe('still sending', () => {
  it('names the last trouble and the wait, as the history shows it', () => {
    expect(stillSendingText('503', 230)).toBe(
      'Still sending: Faire is having trouble (last: 503, next try in 4 min)',
    );
    expect(stillSendingText('429', 1)).toBe(
      'Still sending: Faire is having trouble (last: 429, next try in 1 s)',
    );
    expect(stillSendingText(null, 30)).toBe('Still sending: Faire is having trouble (next try in 30 s)');
    expect(stillSendingText('timeout', null)).toBe('Still sending: Faire is having trouble (last: timeout)');
    expect(stillSendingText(null, null)).toBe('Still sending: Faire is having trouble');
  });

  it('rounds a wait up to what people say', () => {
    expect([0, 1, 59, 60, 61, 3599, 3600, 3601, 7300].map(waitInWords)).toEqual([
      '1 s',
      '1 s',
      '59 s',
      '1 min',
      '2 min',
      '1 h',
      '1 h',
      '2 h',
      '3 h',
    ]);
  });
});
