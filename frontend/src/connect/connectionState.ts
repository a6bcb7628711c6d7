import type { FaireConnection } from './api';

export type Outcome = 'connected' | 'denied' | 'error';

/** What the Faire tab was sent back with: `/oauth-setup?faire=connected|denied|error&message=...`. */
export function outcomeFromParams(params: URLSearchParams): { outcome: Outcome; message: string } | null {
  const faire = params.get('faire');
  if (faire === 'connected') return { outcome: 'connected', message: '' };
  if (faire === 'denied') {
    return { outcome: 'denied', message: params.get('message') || 'Faire access was not granted.' };
  }
  if (faire === 'error') {
    return {
      outcome: 'error',
      message: params.get('message') || 'Faire did not complete the connection. Please try again.',
    };
  }
  return null;
}

/**
 * True once polling sees a connection that was not there when authorization started: CONNECTED now and
 * not before, or CONNECTED to another brand or at another time.
 */
export function isNewConnection(
  baseline: FaireConnection | null | undefined,
  current: FaireConnection | null | undefined,
): boolean {
  if (!current || current.status !== 'CONNECTED') return false;
  if (!baseline || baseline.status !== 'CONNECTED') return true;
  return current.brandId !== baseline.brandId || current.connectedAt !== baseline.connectedAt;
}
