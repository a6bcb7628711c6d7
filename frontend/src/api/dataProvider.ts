import { fetchUtils, type DataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { CSRF_HEADER } from './request';

/** react-admin's HTTP client: same-origin cookies and the anti-forgery header on every call. */
export const httpClient = (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  for (const [k, v] of Object.entries(CSRF_HEADER)) headers.set(k, v);
  return fetchUtils.fetchJson(url, { ...options, headers, credentials: 'include' });
};

export const dataProvider: DataProvider = simpleRestProvider('/api', httpClient);
