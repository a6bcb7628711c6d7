import { resourceProvider, useActions } from '../api/compose';
import { apiRequest } from '../api/request';
import type { ResponseOf } from '../api/schema';

export type ConnectIntent = 'connect' | 'reconnect' | 'change';

export const AUTHORIZE_URL = '/api/oauth/faire/authorize';

/** The authorize URL to ask for; `change` says the admin confirmed switching brands. */
export function authorizeUrlFor(intent: ConnectIntent): string {
  return `${AUTHORIZE_URL}?intent=${intent}`;
}

/** The company's one Faire connection: reading it, the live brand name, connecting, disconnecting. */
export const connectProvider = resourceProvider({
  actions: {
    getFaireConnection: () =>
      apiRequest<ResponseOf<'/api/faire/connection', 'get'>>('GET', '/api/faire/connection'),
    /** The live brand name; ask only when the company has a connection. */
    getBrandProfile: () =>
      apiRequest<ResponseOf<'/api/faire/brand-profile', 'get'>>('GET', '/api/faire/brand-profile'),
    /** Faire's authorize page for this sign-in (opened in a new tab). */
    authorizeFaire: (intent: ConnectIntent) =>
      apiRequest<ResponseOf<'/api/oauth/faire/authorize', 'get'>>('GET', authorizeUrlFor(intent)),
    /** Revokes and forgets the company's Faire token. */
    disconnectFaire: () =>
      apiRequest<ResponseOf<'/api/faire/connection', 'delete'>>('DELETE', '/api/faire/connection'),
  },
});

export type ConnectActions = typeof connectProvider.actions;
export const useConnectActions = () => useActions<ConnectActions>();
