import type { GetListParams } from 'react-admin';
import { DEFAULT_PAGE, filterText, resourceProvider, useActions } from '../api/compose';
import { apiRequest } from '../api/request';
import type { ResponseOf } from '../api/schema';
import { shipmentsUrl, type ShipmentFilters } from './query';

/** What `getList('shipments')` answers besides the rows: the server stops counting at 10,000. */
export interface ShipmentsMeta {
  totalCapped: boolean;
}

/** The history's filters as the list keeps them (`filter` in the URL) read into the server's names. */
export function shipmentFiltersOf(filter: Record<string, unknown> | undefined): ShipmentFilters {
  const f = filter ?? {};
  return {
    search: filterText(f.search),
    status: filterText(f.status),
    dateFrom: filterText(f.dateFrom),
    dateTo: filterText(f.dateTo),
    uploadId: filterText(f.uploadId),
    source: filterText(f.source),
  };
}

/** `GET /api/shipments` for one page of the history. Sorting is the server's (newest upload first). */
export function shipmentsListUrl(params: Partial<GetListParams>): string {
  const { page, perPage } = params.pagination ?? DEFAULT_PAGE;
  return shipmentsUrl({
    ...shipmentFiltersOf(params.filter as Record<string, unknown> | undefined),
    page,
    limit: perPage,
  });
}

const id = encodeURIComponent;

/** The history (`shipments` list) and the one action on a shipment: retrying it. */
export const shipmentsProvider = resourceProvider({
  lists: {
    async shipments(params) {
      const body = await apiRequest<ResponseOf<'/api/shipments', 'get'>>('GET', shipmentsListUrl(params));
      const meta: ShipmentsMeta = { totalCapped: !!body.totalCapped };
      return { data: body.shipments, total: body.total, meta };
    },
  },
  actions: {
    retryShipment: (shipmentId: string) =>
      apiRequest<ResponseOf<'/api/shipments/{id}/retry', 'post'>>(
        'POST',
        `/api/shipments/${id(shipmentId)}/retry`,
      ),
  },
});

export type ShipmentsActions = typeof shipmentsProvider.actions;
export const useShipmentsActions = () => useActions<ShipmentsActions>();
