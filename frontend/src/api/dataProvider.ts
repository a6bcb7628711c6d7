import {
  fetchUtils,
  type DataProvider,
  type GetListParams,
  type GetListResult,
  type RaRecord,
} from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { getOrdersList } from '../orders/ordersDataProvider';
import { CSRF_HEADER } from './request';

/** react-admin's HTTP client: same-origin cookies and the anti-forgery header on every call. */
export const httpClient = (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  for (const [k, v] of Object.entries(CSRF_HEADER)) headers.set(k, v);
  return fetchUtils.fetchJson(url, { ...options, headers, credentials: 'include' });
};

const rest = simpleRestProvider('/api', httpClient);

/** Resources whose list endpoint speaks its own query parameters rather than simple-rest's. */
export const dataProvider: DataProvider = {
  ...rest,
  getList: <R extends RaRecord>(resource: string, params: GetListParams) =>
    resource === 'orders'
      ? (getOrdersList(params, httpClient) as unknown as Promise<GetListResult<R>>)
      : rest.getList<R>(resource, params),
};
