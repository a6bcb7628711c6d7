/** The tabs of one browser tell each other about the Faire connection over this channel. */
export const CONNECTION_CHANNEL = 'faire-connection';

export type ConnectionMessage = { type: 'connected' } | { type: 'denied' | 'error'; message: string };

function open(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CONNECTION_CHANNEL);
}

/** Tells the other tabs how the Faire authorization ended. */
export function announceConnection(message: ConnectionMessage): void {
  const channel = open();
  if (!channel) return;
  try {
    channel.postMessage(message);
  } finally {
    channel.close();
  }
}

function isConnectionMessage(data: unknown): data is ConnectionMessage {
  if (!data || typeof data !== 'object') return false;
  const type = (data as { type?: unknown }).type;
  return type === 'connected' || type === 'denied' || type === 'error';
}

/** Calls `onMessage` for every message another tab announces; returns the unsubscribe. */
export function listenForConnection(onMessage: (message: ConnectionMessage) => void): () => void {
  const channel = open();
  if (!channel) return () => undefined;
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (isConnectionMessage(event.data)) onMessage(event.data);
  };
  return () => channel.close();
}
