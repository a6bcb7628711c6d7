import {
  headerFingerprint,
  mappingLookupHeaders,
  mappingFitsHeaders,
  type ColumnMapping,
  type FieldSelection,
  type ShipmentField,
} from '@portal/shipment-rules';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Schema } from '../api/schema';
import { useUploadActions, type UploadActions } from './provider';

/** A remembered column mapping (`GET /api/column-mappings`). */
export type SavedMapping = Schema<'SavedMappingDto'>;

export const MAPPINGS_QUERY_KEY = ['/api/column-mappings'] as const;

/** `GET /api/column-mappings`: the company's saved mappings. */
export function useSavedMappings() {
  const dataProvider = useUploadActions();
  return useQuery({
    queryKey: MAPPINGS_QUERY_KEY,
    queryFn: () => dataProvider.getColumnMappings(),
    staleTime: 0,
  });
}

export function useDeleteMapping() {
  const queryClient = useQueryClient();
  const dataProvider = useUploadActions();
  return useMutation({
    mutationFn: (id: string) => dataProvider.deleteColumnMapping(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MAPPINGS_QUERY_KEY }),
  });
}

/** The company's saved mapping for a file with these headers, or undefined (also when it cannot be read). */
export async function findSavedMapping(
  queryClient: QueryClient,
  dataProvider: UploadActions,
  headers: readonly string[],
): Promise<ColumnMapping | undefined> {
  try {
    const { mappings } = await queryClient.fetchQuery({
      queryKey: MAPPINGS_QUERY_KEY,
      queryFn: () => dataProvider.getColumnMappings(),
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
