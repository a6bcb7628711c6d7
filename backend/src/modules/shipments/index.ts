// The module's public entry: other modules and the root modules import from here only (docs/code-style.md).
export { ShipmentsModule } from './shipments.module.js';
export {
  ShipmentIntake,
  type IntakeOutcome,
  type IntakeRequest,
  type IntakeSenderRef,
  type StagedIntake,
  type TypedRow,
} from './intake/index.js';
export { ingestCsv, type IngestedRow } from './intake/index.js';
export {
  FailedRowsExport,
  PublicShipmentReads,
  publicShipment,
  type PublicRowOutcome,
  type PublicShipment,
  type PublicShipmentRecord,
  ShipmentKeys,
  ShipmentPlatformStats,
  SourceShipmentCounts,
  orderTrackingKey,
  type OrderTracking,
  type SourceShipmentCount,
} from './reads/index.js';
export { ShipmentRecoveryService, WORKER_PROCESS_ID, WorkerLiveness } from './recovery/index.js';
export { ShipmentSource } from './entities/shipment-source.entity.js';
export { Shipment } from './entities/shipment.entity.js';
export { ShipmentAttempt } from './entities/shipment-attempt.entity.js';
export { Upload } from './entities/upload.entity.js';
export { UploadBatch } from './entities/upload-batch.entity.js';
export { ShipmentQueueIntent } from './entities/shipment-queue-intent.entity.js';
export { UploadRow } from './entities/upload-row.entity.js';
export { FaireBrandRead, FaireOrderState } from './entities/faire-order-state.entity.js';
export { UploadCount } from './entities/upload-count.entity.js';
export { UploadLayout } from './entities/upload-layout.entity.js';
export { UploadLines } from './entities/upload-lines.entity.js';
