import { describe, expect, it } from 'vitest';
import { connectionSentence } from '../connect/CompanyConnectionNote';
import { beforeFullStop } from './sentence';

describe('one full stop at the end of a sentence', () => {
  it('drops the full stop a name or message already ends with', () => {
    expect(beforeFullStop('Juniper & Pine Candle Co.')).toBe('Juniper & Pine Candle Co');
    expect(beforeFullStop('Faire could not be reached. ')).toBe('Faire could not be reached');
    expect(beforeFullStop('Acme')).toBe('Acme');
  });

  it('says a brand ending in "Co." with one full stop', () => {
    const base = {
      canManage: true,
      brandId: 'b1',
      brandName: 'Juniper & Pine Candle Co.',
      currency: 'USD',
      authMode: 'OAUTH' as const,
      connectedAt: '2026-11-20T00:00:00.000Z',
      connectedByName: null,
      lastError: null,
    };
    expect(connectionSentence({ ...base, status: 'CONNECTED' })).toBe(
      'Orders come from Juniper & Pine Candle Co.',
    );
    expect(connectionSentence({ ...base, status: 'FAILED' })).toBe(
      'Faire refused the connection to Juniper & Pine Candle Co. Reconnect to resume orders and shipments.',
    );
  });
});
