// Sending shipments and following an upload to its results (decision 0053).
export * from './provider';
export * from './api';
export * from './resultsApi';
export * from './mappingsApi';
