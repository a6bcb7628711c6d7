import type { GetListParams } from 'react-admin';

/** The list filters the orders table sends; booleans travel as "true"/"false". */
export interface OrderFilter {
  q?: string;
  state?: string;
  problem?: boolean | string;
  late?: boolean | string;
  paid?: boolean | string;
}

const FLAGS = ['problem', 'late', 'paid'] as const;

/** GET /api/orders with the server's own parameters (search, filters, sort, page, perPage). */
export function ordersListUrl(params: Partial<GetListParams>): string {
  const q = new URLSearchParams();
  const filter = (params.filter ?? {}) as OrderFilter;
  const search = typeof filter.q === 'string' ? filter.q.trim() : '';
  if (search) q.set('search', search);
  if (filter.state) q.set('state', filter.state);
  for (const f of FLAGS) {
    const v = filter[f];
    if (v === true || v === 'true') q.set(f, 'true');
    else if (v === false || v === 'false') q.set(f, 'false');
  }
  if (params.sort?.field) {
    q.set('sort', params.sort.field);
    q.set('order', params.sort.order === 'DESC' ? 'DESC' : 'ASC');
  }
  if (params.pagination) {
    q.set('page', String(params.pagination.page));
    q.set('perPage', String(params.pagination.perPage));
  }
  const s = q.toString();
  return `/api/orders${s ? `?${s}` : ''}`;
}
