/** Company API keys: the Settings card and its part of the data provider (decision 0053). */
export { apiKeysProvider, useApiKeysActions, type ApiKeysActions } from './provider';
export { ApiKeysCard } from './ApiKeysCard';
