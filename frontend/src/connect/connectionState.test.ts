import { describe, expect, it } from 'vitest';
import type { FaireConnection } from './api';
import { isNewConnection, outcomeFromParams } from './connectionState';

const at = (
  brandId: string,
  connectedAt = '2026-11-01T10:00:00Z',
  status: 'CONNECTED' | 'FAILED' = 'CONNECTED',
): FaireConnection => ({
  status,
  brandId,
  brandName: 'Juniper & Co',
  authMode: 'OAUTH',
  canManage: true,
  currency: 'USD',
  connectedByName: null,
  connectedAt,
  lastError: null,
});

describe('isNewConnection', () => {
  it('sees a connection that was missing or failed when authorization started', () => {
    expect(isNewConnection({ status: 'NOT_CONNECTED', canManage: true }, at('b1'))).toBe(true);
    expect(isNewConnection(undefined, at('b1'))).toBe(true);
    expect(isNewConnection(at('b1', undefined, 'FAILED'), at('b1'))).toBe(true);
    expect(isNewConnection(at('b1'), at('b2'))).toBe(true);
  });

  it('ignores the connection that was already there, and no connection', () => {
    expect(isNewConnection(at('b1'), at('b1'))).toBe(false);
    expect(
      isNewConnection(
        { status: 'NOT_CONNECTED', canManage: true },
        { status: 'NOT_CONNECTED', canManage: true },
      ),
    ).toBe(false);
    expect(isNewConnection({ status: 'NOT_CONNECTED', canManage: true }, at('b1', undefined, 'FAILED'))).toBe(
      false,
    );
  });
});

describe('outcomeFromParams', () => {
  it('reads faire and message', () => {
    expect(outcomeFromParams(new URLSearchParams('faire=connected'))).toEqual({
      outcome: 'connected',
      message: '',
    });
    expect(outcomeFromParams(new URLSearchParams('faire=error&message=Boom'))).toEqual({
      outcome: 'error',
      message: 'Boom',
    });
    expect(outcomeFromParams(new URLSearchParams('faire=denied'))?.message).toBe(
      'Faire access was not granted.',
    );
    expect(outcomeFromParams(new URLSearchParams(''))).toBeNull();
  });
});
