// The shipments resource: the history list's data and the retry action (decision 0053).
export * from './provider';
export * from './api';
