import type { QueryClient } from '@tanstack/react-query';
import { CONNECTION_QUERY_KEY, useFaireConnection } from './api';
import type { ConnectActions } from './provider';

/** The currency of the company's Faire brand (USD until a brand is connected). */
export function useBrandCurrency(enabled = true): string {
  const { data } = useFaireConnection({ enabled });
  return data && 'currency' in data && data.currency ? data.currency : 'USD';
}

/**
 * The brand's currency, read once (from the cache when it is there) before a file is checked: its costs
 * are read in it. USD when there is no brand or the read fails.
 */
export async function readBrandCurrency(client: QueryClient, dataProvider: ConnectActions): Promise<string> {
  try {
    const data = await client.ensureQueryData({
      queryKey: CONNECTION_QUERY_KEY,
      queryFn: () => dataProvider.getFaireConnection(),
    });
    return data && 'currency' in data && data.currency ? data.currency : 'USD';
  } catch {
    return 'USD';
  }
}
