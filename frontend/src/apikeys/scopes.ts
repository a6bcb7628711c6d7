/** What each scope of a key lets it do, in words. */
export const SCOPE_TEXT: Record<string, string> = {
  'shipments:write': 'Send shipments',
  'shipments:read': 'Read shipments',
  'orders:read': 'Read open orders',
};

export const API_KEYS_QUERY_KEY = ['/api/company/api-keys'] as const;
