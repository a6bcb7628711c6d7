export { startShipStationSandbox, SHIPSTATION_SANDBOX_DEFAULTS } from './server.js';
export type { ShipStationSandboxOptions, ShipStationSandboxHandle } from './server.js';
export { Controller as ShipStationSandboxControl } from './control.js';
export type { PrintResult } from './control.js';
export type { LabelInput, FulfillmentInput } from './state.js';
export { DEFAULT_FAULTS, RATE_LIMIT_PER_MINUTE } from './faults.js';
export { DEFAULT_WEBHOOK_KNOBS } from './webhooks.js';
export type { ShipStationOrder, ShipStationOrderItem, ShipStationBillTo } from './orders.js';
export { pacificDateTime, pacificDate, parseFilterDate } from './pacific.js';
export { WEBHOOK_EVENTS, ORDER_STATUSES, SUBSCRIBE_ANSWERS } from './types.js';
export type {
  WebhookEvent,
  OrderStatus,
  SubscribeAnswer,
  ShipStationShipment,
  ShipStationFulfillment,
  ShipStationAddress,
  ShipStationAdvancedOptions,
  ShipStationShipmentItem,
  WebhookKnobs,
  FaultKnobs,
  DeliveryRecord,
  CallCounts,
} from './types.js';
