// Source connections and their held labels (`attention`) (decision 0053).
export * from './provider';
export * from './api';
export * from './types';
