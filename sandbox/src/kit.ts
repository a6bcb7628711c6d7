/**
 * The generic pieces every marketplace sandbox needs (HTTP answers, body reading, errors, the durable
 * state file), exported as `@portal/faire-sandbox/kit` so the ShipStation and Shopify sandboxes share them.
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
