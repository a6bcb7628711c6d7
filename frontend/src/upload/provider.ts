import { resourceProvider, useActions, type BodyOf } from '../api/compose';
import { apiRequest } from '../api/request';
import type { ResponseOf } from '../api/schema';

const id = encodeURIComponent;
const upload = (uploadId: string) => `/api/shipments/uploads/${id(uploadId)}`;

/** Rows listed in the results view; a file with more problems than this links to the failed-rows CSV. */
export const ISSUE_ROWS_LIMIT = 1000;

/**
 * Sending shipments (Reading A: the file; Reading B: reviewed rows), following an upload to its
 * results, the order check of the review, and the remembered column mappings.
 */
export const uploadProvider = resourceProvider({
  actions: {
    /** Reading A: the CSV file (multipart `csv`, optional `columnMapping`). */
    uploadShipments: (form: FormData) =>
      apiRequest<ResponseOf<'/api/shipments/upload', 'post'>>('POST', '/api/shipments/upload', form),
    /** Reading B: the reviewed rows. */
    processShipments: (input: BodyOf<'/api/shipments/process', 'post'>) =>
      apiRequest<ResponseOf<'/api/shipments/process', 'post'>>('POST', '/api/shipments/process', input),
    /** Whether rows sent now can be created on Faire, and how the company's files are read. */
    getUploadReadiness: () =>
      apiRequest<ResponseOf<'/api/shipments/uploads/readiness', 'get'>>(
        'GET',
        '/api/shipments/uploads/readiness',
      ),
    /** The company's uploads, newest first. */
    getUploads: (page: number, limit: number) =>
      apiRequest<ResponseOf<'/api/shipments/uploads', 'get'>>(
        'GET',
        `/api/shipments/uploads?page=${page}&limit=${limit}`,
      ),
    /** One upload with live counts per row of the file. */
    getUpload: (uploadId: string) =>
      apiRequest<ResponseOf<'/api/shipments/uploads/{uploadId}', 'get'>>('GET', upload(uploadId)),
    /** The rows of an upload that did not become SUCCESS, in file order. */
    getUploadIssues: (uploadId: string) =>
      apiRequest<ResponseOf<'/api/shipments/uploads/{uploadId}/rows', 'get'>>(
        'GET',
        `${upload(uploadId)}/rows?status=ISSUES&limit=${ISSUE_ROWS_LIMIT}`,
      ),
    /** Sends an upload's failed rows again. */
    retryFailedRows: (uploadId: string) =>
      apiRequest<ResponseOf<'/api/shipments/uploads/{uploadId}/retry-failed', 'post'>>(
        'POST',
        `${upload(uploadId)}/retry-failed`,
      ),
    /**
     * What the last sync knows of each row's order; one call for the whole review. With `lookUp`, the
     * server first asks Faire for orders the sync has not stored (at most 10 a call).
     */
    checkOrders: (rows: BodyOf<'/api/shipments/order-check', 'post'>['rows'], lookUp = false) =>
      apiRequest<ResponseOf<'/api/shipments/order-check', 'post'>>('POST', '/api/shipments/order-check', {
        rows,
        ...(lookUp ? { lookUp: true } : {}),
      }),
    getColumnMappings: () =>
      apiRequest<ResponseOf<'/api/column-mappings', 'get'>>('GET', '/api/column-mappings'),
    deleteColumnMapping: (mappingId: string) =>
      apiRequest<ResponseOf<'/api/column-mappings/{id}', 'delete'>>(
        'DELETE',
        `/api/column-mappings/${id(mappingId)}`,
      ),
  },
});

export type UploadActions = typeof uploadProvider.actions;
export const useUploadActions = () => useActions<UploadActions>();
