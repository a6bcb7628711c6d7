/**
 * The generic pieces every marketplace sandbox needs (HTTP answers, body reading, errors, the durable
 * state file, the test-control router and the webhook queue with its knobs), exported as
 * `@portal/faire-sandbox/kit` so the ShipStation and Shopify sandboxes share them.
 */
export { HttpError, badRequest, notFound, unauthorized } from './errors.js';
export { readBody, parseJsonBody, sendJson, sendHtml, redirect, escapeHtml } from './http.js';
export { readStateFile, writeStateFile } from './state-file.js';
export {
  createSleeper,
  persistBeforeAnswer,
  serveSandbox,
  type SandboxServer,
  type SandboxServerOptions,
  type Sleeper,
} from './serve.js';
export { env, envPort, envSeed, runSandboxCli } from './cli-kit.js';
export { DicePrng } from './dice.js';
export { isObject } from './util.js';
export {
  CONTROL_CORS_HEADERS,
  commonControlRoutes,
  handleControlRequest,
  type CommonControl,
  type ControlRequest,
  type ControlRoute,
  type ControlRouter,
  type ControlRoutes,
} from './control-router.js';
export { WebhookQueue, type QueuedOutcome, type WebhookQueueKnobs } from './webhook-queue.js';
