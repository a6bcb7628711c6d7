// Processing: the worker's exactly-once send of claimed rows to Faire (shipment-processing.service), in
// batches by order (shipment-batch) under the order's lock (order-lock), with faults, retries and the
// settle of an order (shipment-faults, retry-schedule, order-settle), the cache of Faire's order states
// (order-states) and the shipments table (shipments.repository). The queue's processor
// (shipments.processor.ts) is wired by the worker root only, so it is not exported here.
export { ShipmentProcessingService, type BatchOutcome } from './shipment-processing.service.js';
export { FaireOrderStates } from './order-states.js';
export { OrderStatesRepository } from './order-states.repository.js';
export { ShipmentsRepository } from './shipments.repository.js';
