// The orders resource: its list, the order screens' reads and the refresh (decision 0053).
export * from './provider';
export * from './api';
export * from './types';
