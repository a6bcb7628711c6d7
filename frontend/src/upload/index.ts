/**
 * An upload's results and the saved column mappings, for History and Settings. The Upload tab itself is
 * a screen the portal loads on its own (UploadTab), with the CSV parser.
 */
export { UploadResultsView } from './UploadResultsView';
export { useUploadSummary, useUploads, type UploadSummary } from './resultsApi';
export { useDeleteMapping, useSavedMappings } from './mappingsApi';
/** Sending shipments and following uploads: this folder's part of the data provider (decision 0053). */
export { uploadProvider, useUploadActions, type UploadActions } from './provider';
