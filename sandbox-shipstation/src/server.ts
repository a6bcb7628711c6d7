import { handleApi, type ApiContext } from './api.js';
import { Controller, CONTROL_PREFIX, handleControl } from './control.js';
import {
  createSleeper,
  persistBeforeAnswer,
  readStateFile,
  serveSandbox,
  writeStateFile,
} from '@portal/faire-sandbox/kit';
import { Faults } from './faults.js';
import { sendJson } from './http.js';
import { ShipStationState, STATE_FORMAT, type PersistedState } from './state.js';
import type { SubscribeAnswer } from './types.js';
import { DEFAULT_WEBHOOK_KNOBS, resourceOriginOf, subscribeAnswerOf, WebhookEmitter } from './webhooks.js';

export const SHIPSTATION_SANDBOX_DEFAULTS = {
  apiKey: 'sbx_ss_key',
  apiSecret: 'sbx_ss_secret',
  port: 4020,
  seed: 1,
  brand: 'brand1',
} as const;

export interface ShipStationSandboxOptions {
  /** Port to listen on; 0 (default) picks a free port. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** Base URL of the sandbox when it differs from the listen address (links, and `resource_url`s by default). */
  publicUrl?: string;
  /**
   * Origin written into webhook `resource_url`s, as ShipStation writes its numbered API hosts, e.g.
   * `https://ssapi7.shipstation.com`; default the sandbox's own URL (`publicUrl`), so they can be fetched.
   * The `resourceOrigin` webhook knob changes it while running.
   */
  resourceOrigin?: string;
  /**
   * Body of `POST /webhooks/subscribe`: `WebHookID` (default: 200 `{WebHookID, HookType, Url, Name}`, the
   * current V1 OpenAPI) or `id` (201 `{"id": n}`, the older V1 docs). Also a webhook knob.
   */
  subscribeAnswer?: SubscribeAnswer;
  /** Seed of the data (and of the Faire sandbox orders it mirrors); default 1. */
  seed?: number;
  /** Faire sandbox brand whose orders the account mirrors: brand id or `brand1`..`brand4`; default brand1. */
  brand?: string;
  /** The sandbox's clock; default real time. `control.advanceClock` moves it further forward. */
  clock?: () => Date;
  /** API key pair; default `sbx_ss_key` / `sbx_ss_secret`. */
  apiKey?: string;
  apiSecret?: string;
  /**
   * JSON state file (labels, fulfilments, subscriptions, revocation): loaded at start when present, written
   * before the answer to every request that may change it. Without it the state lives in memory.
   */
  dataFile?: string;
  /** Request log. Lines never contain credentials or query strings. */
  logger?: (line: string) => void;
}

export interface ShipStationSandboxHandle {
  /** Base URL of the API (as `https://ssapi.shipstation.com`), e.g. http://127.0.0.1:43123. */
  url: string;
  port: number;
  control: Controller;
  /** Stops the server (also open connections) and pending webhook deliveries. */
  close(): Promise<void>;
}

export async function startShipStationSandbox(
  opts: ShipStationSandboxOptions = {},
): Promise<ShipStationSandboxHandle> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.logger;
  let offsetMs = 0;
  const now = (): number => (opts.clock ? opts.clock().getTime() : Date.now()) + offsetMs;
  const state = new ShipStationState(
    opts.seed ?? SHIPSTATION_SANDBOX_DEFAULTS.seed,
    opts.brand ?? SHIPSTATION_SANDBOX_DEFAULTS.brand,
    now,
  );
  const loaded = opts.dataFile ? readStateFile<PersistedState>(opts.dataFile, STATE_FORMAT) : undefined;
  if (loaded) state.restore(loaded);
  else state.seedFresh();
  const persist = (): void => {
    if (opts.dataFile) writeStateFile(opts.dataFile, state.snapshot());
  };
  const faults = new Faults();
  const emitter = new WebhookEmitter(now, {
    ...DEFAULT_WEBHOOK_KNOBS,
    ...(opts.resourceOrigin ? { resourceOrigin: resourceOriginOf(opts.resourceOrigin) } : {}),
    ...(opts.subscribeAnswer ? { subscribeAnswer: subscribeAnswerOf(opts.subscribeAnswer) } : {}),
  });
  let publicUrl = '';
  const control = new Controller(
    state,
    faults,
    emitter,
    () => publicUrl,
    () => {
      faults.reset();
      emitter.reset();
      state.seedFresh();
    },
    (ms) => {
      offsetMs += ms;
    },
    now,
  );

  const { sleep, wakeAll } = createSleeper();
  const apiCtx: ApiContext = {
    state,
    faults,
    sleep,
    apiKey: opts.apiKey ?? SHIPSTATION_SANDBOX_DEFAULTS.apiKey,
    apiSecret: opts.apiSecret ?? SHIPSTATION_SANDBOX_DEFAULTS.apiSecret,
    webhookKnobs: () => emitter.knobs,
  };

  const server = await serveSandbox({
    name: 'shipstation-sandbox',
    host,
    port: opts.port,
    publicUrl: opts.publicUrl,
    log,
    beforeAnswer: persistBeforeAnswer('shipstation-sandbox', opts.dataFile, persist, log),
    route: async (req, res, url, path, method) => {
      if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) {
        await handleControl(req, res, path.slice(CONTROL_PREFIX.length) || '/', control);
      } else if (path === '/' && method === 'GET') {
        sendJson(res, 200, {
          name: 'ShipStation sandbox',
          apiBaseUrl: publicUrl,
          controlUrl: `${publicUrl}${CONTROL_PREFIX}`,
        });
      } else {
        return handleApi(req, res, url, path, apiCtx);
      }
    },
    errorBody: (message) => ({ Message: message }),
    internalError: 'An error has occurred.',
    beforeClose: () => {
      wakeAll();
      emitter.close();
      control.store.close();
    },
  });
  const { port, close } = server;
  publicUrl = server.publicUrl;

  return { url: publicUrl, port, control, close };
}
