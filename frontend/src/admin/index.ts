// The platform admin's panel: its data (decision 0053). The screen itself loads as its own chunk.
export * from './provider';
export * from './api';
