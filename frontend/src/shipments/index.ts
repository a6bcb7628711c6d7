/** The history's data for other folders; the history itself is a route screen (ShipmentHistoryTab). */
export { SHIPMENTS_PAGE_SIZE, useRetryShipment } from './api';
export {
  HISTORY_POLL_MS,
  shipmentsUrl,
  type RetryResult,
  type Shipment,
  type ShipmentFilters,
} from './query';
/** The history's part of the data provider (decision 0053). */
export * from './provider';
