import { useFaireConnection } from '../connect/api';

/** The currency of the company's Faire brand (USD until a brand is connected). */
export function useBrandCurrency(enabled = true): string {
  const { data } = useFaireConnection({ enabled });
  return data && 'currency' in data && data.currency ? data.currency : 'USD';
}
