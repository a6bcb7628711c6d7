import type { ColumnMapping } from '@portal/shipment-rules';
import { useMutation } from '@tanstack/react-query';
import { useUploadActions } from './provider';
import { ApiError } from '../api/request';
import type { ProcessInput } from './types';

export interface UploadInput {
  file: File;
  mapping?: ColumnMapping;
}

/** Reading A: `POST /api/shipments/upload`, multipart `csv` plus an optional `columnMapping` JSON. */
export function uploadForm({ file, mapping }: UploadInput): FormData {
  const form = new FormData();
  form.append('csv', file, file.name);
  if (mapping && Object.keys(mapping).length > 0) form.append('columnMapping', JSON.stringify(mapping));
  return form;
}

export function useUploadCsv() {
  const dataProvider = useUploadActions();
  return useMutation({
    mutationFn: (input: UploadInput) => dataProvider.uploadShipments(uploadForm(input)),
  });
}

/** Reading B: `POST /api/shipments/process` with reviewed rows. */
export function useProcessShipments() {
  const dataProvider = useUploadActions();
  return useMutation({
    mutationFn: (input: ProcessInput) => dataProvider.processShipments(input),
  });
}

/** The server's "map your columns" answer: `400 {details: {requiresMapping, detectedHeaders}}`. */
export function mappingRequiredDetails(
  err: unknown,
): { detectedHeaders: string[]; missingColumns: string[] } | undefined {
  if (!(err instanceof ApiError) || err.status !== 400) return undefined;
  try {
    const body = JSON.parse(err.bodyText) as {
      details?: { requiresMapping?: unknown; detectedHeaders?: unknown; missingColumns?: unknown };
    };
    const d = body.details;
    if (!d?.requiresMapping || !Array.isArray(d.detectedHeaders)) return undefined;
    return {
      detectedHeaders: d.detectedHeaders.filter((h): h is string => typeof h === 'string'),
      missingColumns: Array.isArray(d.missingColumns)
        ? d.missingColumns.filter((h): h is string => typeof h === 'string')
        : [],
    };
  } catch {
    return undefined;
  }
}
