// Reads: what people and other modules are shown of uploads and shipments: the history (history.query),
// each upload's results, counts and failed rows (upload-results.service, upload-counts.store,
// failed-rows-export), the order check, the keys and counts other modules ask for, and the answers'
// DTOs. Never imports processing/ (eslint.config.js).
export { FailedRowsExport } from './failed-rows-export.js';
export { HistoryQuery } from './history.query.js';
export { OrderCheckService } from './order-check.service.js';
export {
  PublicShipmentReads,
  publicShipment,
  type PublicRowOutcome,
  type PublicShipment,
  type PublicShipmentRecord,
} from './public-reads.query.js';
export { ShipmentPlatformStats } from './platform-stats.repository.js';
export { ShipmentCounts } from './shipment-counts.repository.js';
export { ShipmentKeys, orderTrackingKey, type OrderTracking } from './shipment-keys.query.js';
export { SourceShipmentCounts, type SourceShipmentCount } from './source-counts.query.js';
export { UploadCountsStore } from './upload-counts.store.js';
export { UploadResultsService } from './upload-results.service.js';
export { isWaitingOnFaire, RETRYABLE } from './waiting-on-faire.js';
