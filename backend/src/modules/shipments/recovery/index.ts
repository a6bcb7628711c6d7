// Recovery: the queue intents committed with the rows they queue (queue-intents.repository), putting jobs
// on the queue (shipment-queueing.service), the sweep that finds lost rows and intents again
// (shipment-recovery.service) and which workers are alive (worker-liveness).
export { ShipmentQueueIntents, type QueueIntentKey } from './queue-intents.repository.js';
export { ShipmentQueueing, SHIPMENT_JOB_OPTIONS } from './shipment-queueing.service.js';
export { ShipmentRecoveryService } from './shipment-recovery.service.js';
export { WORKER_PROCESS_ID, WorkerLiveness } from './worker-liveness.js';
