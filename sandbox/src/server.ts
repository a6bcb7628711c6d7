import { API_PREFIX, handleApi, type ApiContext } from './api.js';
import { SandboxClock } from './clock.js';
import { CONTROL_PREFIX, handleControl, type ControlContext } from './control.js';
import { DEFAULT_SEED, resolveApplications, resolveBrands, toSandboxFixtures } from './defaults.js';
import { HttpError } from './errors.js';
import { FaultEngine } from './faults.js';
import { sendJson } from './http.js';
import {
  AUTHORIZE_PATH,
  handleAuthorize,
  handleRevoke,
  handleToken,
  REVOKE_PATH,
  TOKEN_PATH,
} from './oauth.js';
import { loadStateFile, StateWriter } from './persistence.js';
import { createSleeper, serveSandbox } from './serve.js';
import { SandboxState } from './state.js';
import type {
  CreateOrderInput,
  FaireOrder,
  Knobs,
  LedgerEntry,
  SandboxApplicationConfig,
  SandboxBrandConfig,
  SandboxFixtures,
} from './types.js';

export interface SandboxOptions {
  /** Port to listen on; 0 (default) picks a free port. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** Base URL used in links and redirects when it differs from the listen address. */
  publicUrl?: string;
  /** Seed of the deterministic data generator; default 1. */
  seed?: number;
  /** Initial clock value (default: the real current time). The clock then runs in real time unless frozen. */
  now?: Date;
  /** Overrides of the seeded brands, merged by position onto the defaults (entry 0 = brand 1). */
  brands?: Array<Partial<SandboxBrandConfig>>;
  /** OAuth applications; replaces the default application when given. */
  applications?: Array<Partial<SandboxApplicationConfig>>;
  /**
   * JSON state file: loaded at start if present, rewritten atomically before any answer that follows a
   * change (so SIGKILL after an answer loses nothing), and on a short debounce for clock-driven changes.
   */
  dataFile?: string;
  /** Request log. Lines never contain tokens, secrets or query strings. */
  logger?: (line: string) => void;
}

export interface SandboxClockControl {
  now(): Date;
  set(d: Date): void;
  advance(ms: number): void;
  freeze(): void;
  unfreeze(): void;
  isFrozen(): boolean;
}

export interface SandboxHandle {
  /** Base URL: `publicUrl` when given, else the listen address, e.g. http://127.0.0.1:43123. */
  url: string;
  /** Actual listen address. */
  listenUrl: string;
  port: number;
  /** `url + '/external-api/v2'`. */
  apiBaseUrl: string;
  /** `url`: authorize at /oauth2/authorize, token at /api/external-api-oauth2/token, revoke at …/revoke. */
  oauthBaseUrl: string;
  knobs: { get(): Knobs; set(p: Partial<Knobs>): void; reset(): void };
  clock: SandboxClockControl;
  /** Every create-shipment call, in order. */
  ledger(): LedgerEntry[];
  clearLedger(): void;
  brands(): Array<{ brandId: string; name: string; token: string }>;
  /** Documented order ids of this sandbox's seed. */
  fixtures(): SandboxFixtures;
  getOrder(orderId: string): FaireOrder | undefined;
  /** Orders of a brand (id or `brand1`/`brand2`), ascending `updated_at`. */
  listOrders(brandId: string): FaireOrder[];
  createOrder(brandId: string, partial?: CreateOrderInput): FaireOrder;
  /** Back to the seeded state (regenerated relative to the clock's current time): orders, OAuth grants, knobs, ledger. */
  reset(): void;
  /** Writes the data file now (no-op without `dataFile`). */
  flush(): Promise<void>;
  /** Stops the server, destroying open (also hung) connections, and flushes the data file. */
  close(): Promise<void>;
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<SandboxHandle> {
  const brands = resolveBrands(opts.brands);
  const applications = resolveApplications(opts.applications);
  const seed = opts.seed ?? DEFAULT_SEED;
  const host = opts.host ?? '127.0.0.1';
  const log = opts.logger;

  let writer: StateWriter | null = null;
  const markDirty = (): void => writer?.schedule();
  const clock = new SandboxClock(opts.now, markDirty);
  const state = new SandboxState(seed, brands, applications, clock, markDirty);
  const faults = new FaultEngine();

  if (opts.dataFile !== undefined) {
    const loaded = await loadStateFile(opts.dataFile);
    writer = new StateWriter(
      opts.dataFile,
      () => state.snapshot(),
      (err) => log?.(`[faire-sandbox] could not write ${opts.dataFile}: ${String(err)}`),
    );
    if (loaded) {
      state.restore(loaded, opts.now === undefined);
    } else {
      state.seedFresh();
    }
  } else {
    state.seedFresh();
  }

  const reset = (): void => {
    faults.reset();
    state.seedFresh();
  };
  const fixtures = (): SandboxFixtures => toSandboxFixtures(state.fixtures);

  const { sleep, wakeAll } = createSleeper();

  const commit = (): void => writer?.writeNow();
  const apiCtx: ApiContext = { state, faults, sleep, commit };
  const controlCtx: ControlContext = { state, faults, reset, fixtures };
  let publicUrl = '';

  const server = await serveSandbox({
    name: 'faire-sandbox',
    host,
    port: opts.port,
    publicUrl: opts.publicUrl,
    log,
    beforeAnswer: () => commit,
    route: async (req, res, url, path, method) => {
      if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) {
        return handleApi(req, res, path.slice(API_PREFIX.length) || '/', url, apiCtx);
      } else if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) {
        await handleControl(req, res, path.slice(CONTROL_PREFIX.length) || '/', url, controlCtx);
      } else if (path === AUTHORIZE_PATH) {
        await handleAuthorize(req, res, url, state, publicUrl);
      } else if (path === TOKEN_PATH || path === REVOKE_PATH) {
        if (method !== 'POST') {
          throw new HttpError(405, `Method ${method} is not allowed on ${path}`, { Allow: 'POST' });
        }
        await (path === TOKEN_PATH ? handleToken(req, res, state) : handleRevoke(req, res, state));
      } else if (path === '/' && method === 'GET') {
        sendJson(res, 200, {
          name: 'Faire sandbox',
          apiBaseUrl: `${publicUrl}${API_PREFIX}`,
          authorizeUrl: `${publicUrl}${AUTHORIZE_PATH}`,
          tokenUrl: `${publicUrl}${TOKEN_PATH}`,
          revokeUrl: `${publicUrl}${REVOKE_PATH}`,
          controlUrl: `${publicUrl}${CONTROL_PREFIX}`,
        });
      } else {
        throw new HttpError(404, `No endpoint ${method} ${path}`);
      }
    },
    errorBody: (message) => ({ message }),
    internalError: 'Internal sandbox error.',
    beforeClose: wakeAll,
    afterClose: async () => {
      await writer?.close();
    },
  });
  const { port, listenUrl, close } = server;
  publicUrl = server.publicUrl;

  return {
    url: publicUrl,
    listenUrl,
    port,
    apiBaseUrl: `${publicUrl}${API_PREFIX}`,
    oauthBaseUrl: publicUrl,
    knobs: {
      get: () => faults.get(),
      set: (p) => faults.set(p),
      reset: () => faults.reset(),
    },
    clock: {
      now: () => clock.now(),
      set: (d) => clock.set(d),
      advance: (ms) => clock.advance(ms),
      freeze: () => clock.freeze(),
      unfreeze: () => clock.unfreeze(),
      isFrozen: () => clock.isFrozen(),
    },
    ledger: () => structuredClone(state.ledger),
    clearLedger: () => {
      state.clearLedger();
    },
    brands: () => state.brands.map((b) => ({ brandId: b.brandId, name: b.name, token: b.token })),
    fixtures,
    getOrder: (orderId) => {
      state.tick();
      return state.publicOrder(orderId);
    },
    listOrders: (brandId) => {
      state.tick();
      const brand = state.resolveBrand(brandId);
      return brand ? state.sortedOrders(brand.brandId) : [];
    },
    createOrder: (brandId, partial) => state.createOrder(brandId, partial),
    reset,
    flush: async () => {
      await writer?.flush();
    },
    close,
  };
}
