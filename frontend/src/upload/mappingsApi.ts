import {
  headerFingerprint,
  mappingLookupHeaders,
  mappingFitsHeaders,
  type ColumnMapping,
  type FieldSelection,
  type ShipmentField,
} from '@portal/shipment-rules';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/request';

export interface SavedMapping {
  id: string;
  fingerprint: string;
  headers: string[];
  mapping: ColumnMapping;
  createdAt: string;
  lastUsedAt: string;
}

export const MAPPINGS_QUERY_KEY = ['/api/column-mappings'] as const;

const fetchMappings = () => apiRequest<{ mappings: SavedMapping[] }>('GET', '/api/column-mappings');

/** `GET /api/column-mappings`: the company's saved mappings. */
export function useSavedMappings() {
  return useQuery({ queryKey: MAPPINGS_QUERY_KEY, queryFn: fetchMappings, staleTime: 0 });
}

export function useDeleteMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ ok: true }>('DELETE', `/api/column-mappings/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MAPPINGS_QUERY_KEY }),
  });
}

/** The company's saved mapping for a file with these headers, or undefined (also when it cannot be read). */
export async function findSavedMapping(
  queryClient: QueryClient,
  headers: readonly string[],
): Promise<ColumnMapping | undefined> {
  try {
    const { mappings } = await queryClient.fetchQuery({
      queryKey: MAPPINGS_QUERY_KEY,
      queryFn: fetchMappings,
      staleTime: 0,
    });
    // A failed-rows file's reason column at the end is left out when needed (decision 0032).
    for (const candidate of mappingLookupHeaders(headers)) {
      const fingerprint = headerFingerprint(candidate);
      const found = mappings.find((m) => m.fingerprint === fingerprint);
      if (found && mappingFitsHeaders(found.mapping, candidate)) return found.mapping;
    }
    return undefined;
  } catch {
    return undefined;
  }
}

/** A mapping (CSV column -> field) as the mapping dialog's selection (field -> CSV column). */
export function mappingToSelection(mapping: ColumnMapping): FieldSelection {
  const selection: FieldSelection = {};
  for (const [column, field] of Object.entries<ShipmentField>(mapping)) selection[field] = column;
  return selection;
}
