// The module's public entry: other modules and the root modules import from here only (docs/code-style.md).
export { OrdersModule } from './orders.module.js';
export { CompanySettings } from './entities/company-settings.entity.js';
export { Order } from './entities/order.entity.js';
export { OrderSyncState } from './entities/order-sync-state.entity.js';
export { LateRateService } from './late-rate.service.js';
export type { Thresholds } from './late-rules.js';
export { OrderLookup, type LookupOutcome } from './order-lookup.service.js';
export {
  OrderRecords,
  type OpenOrderRecord,
  type StoredOrder,
  type StoreOrderRecord,
} from './order-records.repository.js';
export type { OrderLine, ShipTo } from './order-shipping.js';
export { OrderSnapshots } from './order-snapshots.service.js';
export type { OrderView } from './order-view.js';
export { ProblemOrderReports } from './problem-order-reports.service.js';
export { ShipmentTally, type ShipmentStatusCount, type ShipmentTallySource } from './shipment-tally.js';
