import { isMarketplaceRefused, type FaireConnection } from '../connect/api';

export type IntegrationStatus =
  | { kind: 'loading' }
  | { kind: 'connected'; brandName: string | null }
  | { kind: 'failed'; brandName: string | null }
  | { kind: 'not-connected' };

/**
 * The Settings tab's Faire status: 'Not connected' without a token; 'Connection Failed' when Faire refuses
 * the token (or the server already marked it failed and Faire could not be asked); otherwise 'Connected'
 * to the live brand name, or to the stored one when Faire cannot be reached right now.
 */
export function integrationStatus(
  hasFaireToken: boolean,
  connection: { data: FaireConnection | null | undefined },
  profile: { data: { name: string } | null | undefined; error: unknown; isPending: boolean },
): IntegrationStatus {
  if (!hasFaireToken || connection.data?.status === 'NOT_CONNECTED') return { kind: 'not-connected' };
  const stored = connection.data ? connection.data.brandName : null;
  if (profile.data) return { kind: 'connected', brandName: profile.data.name };
  if (profile.error) {
    if (isMarketplaceRefused(profile.error) || connection.data?.status === 'FAILED') {
      return { kind: 'failed', brandName: stored };
    }
    return { kind: 'connected', brandName: stored };
  }
  return { kind: 'loading' };
}
