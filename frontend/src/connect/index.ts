// The company's Faire connection (decision 0053).
export { connectProvider, useConnectActions, type ConnectActions } from './provider';
export * from './api';
