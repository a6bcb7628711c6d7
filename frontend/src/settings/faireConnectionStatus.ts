import { isMarketplaceRefused, type FaireConnection } from '../connect';

interface Common {
  brandName: string | null;
  canManage: boolean;
  connectedByName: string | null;
  connectedAt: string;
}

export type FaireConnectionStatus =
  | { kind: 'loading' }
  | { kind: 'no-company' }
  | ({ kind: 'connected' } & Common)
  | ({ kind: 'failed' } & Common)
  | { kind: 'not-connected'; canManage: boolean };

/**
 * The Settings tab's Faire status, from the company's connection: 'Not connected'; 'Connection Failed'
 * when Faire refuses the token (or the server already marked it failed); otherwise 'Connected' to the
 * live brand name, or to the stored one while Faire cannot be asked.
 */
export function faireConnectionStatus(
  connection: { data: FaireConnection | null | undefined },
  profile: { data: { name: string } | null | undefined; error: unknown },
): FaireConnectionStatus {
  const c = connection.data;
  if (!c) return { kind: 'loading' };
  if (c.status === 'NO_COMPANY') return { kind: 'no-company' };
  if (c.status === 'NOT_CONNECTED') return { kind: 'not-connected', canManage: c.canManage };
  const common: Common = {
    brandName: c.brandName,
    canManage: c.canManage,
    connectedByName: c.connectedByName,
    connectedAt: c.connectedAt,
  };
  if (c.status === 'FAILED' || isMarketplaceRefused(profile.error)) return { kind: 'failed', ...common };
  return { kind: 'connected', ...common, brandName: profile.data?.name ?? c.brandName };
}
