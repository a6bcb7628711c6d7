// The module's public entry: other modules and the root modules import from here only (docs/code-style.md).
export { ShipmentsModule } from './shipments.module.js';
export { ShipmentRecoveryService } from './shipment-recovery.service.js';
export { WORKER_PROCESS_ID, WorkerLiveness } from './worker-liveness.js';
