// The settings screen's data: thresholds and the daily digest (decision 0053).
export * from './provider';
export * from './api';
