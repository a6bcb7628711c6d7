import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { handleApi, type ApiContext } from './api.js';
import { Controller, CONTROL_PREFIX, handleControl } from './control.js';
import { HttpError, readStateFile, writeStateFile } from '@portal/faire-sandbox/kit';
import { Faults } from './faults.js';
import { sendJson } from './http.js';
import { ShipStationState, STATE_FORMAT, type PersistedState } from './state.js';
import { WebhookEmitter } from './webhooks.js';

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
  /** Base URL used in webhook resource URLs when it differs from the listen address. */
  publicUrl?: string;
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

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
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
  const emitter = new WebhookEmitter(now);
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
  );

  let closing = false;
  const sleepers = new Set<{ timer: NodeJS.Timeout; resolve: (ok: boolean) => void }>();
  const sleep = (ms: number): Promise<boolean> => {
    if (closing) return Promise.resolve(false);
    return new Promise((resolve) => {
      const entry = {
        resolve,
        timer: setTimeout(() => {
          sleepers.delete(entry);
          resolve(true);
        }, ms),
      };
      sleepers.add(entry);
    });
  };
  const apiCtx: ApiContext = {
    state,
    faults,
    sleep,
    apiKey: opts.apiKey ?? SHIPSTATION_SANDBOX_DEFAULTS.apiKey,
    apiSecret: opts.apiSecret ?? SHIPSTATION_SANDBOX_DEFAULTS.apiSecret,
  };

  const dispatch = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    const method = req.method ?? 'GET';
    if (method !== 'GET' && opts.dataFile) {
      // Whatever this request changed is on disk before the first byte of its answer.
      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
      res.end = ((...args: unknown[]) => {
        try {
          persist();
        } catch (err) {
          log?.(`[shipstation-sandbox] could not write ${opts.dataFile}: ${String(err)}`);
        }
        return end(...args);
      }) as typeof res.end;
    }
    let path = '/';
    let note: string | undefined;
    try {
      const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
      path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
      if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) {
        await handleControl(req, res, path.slice(CONTROL_PREFIX.length) || '/', control);
      } else if (path === '/' && method === 'GET') {
        sendJson(res, 200, {
          name: 'ShipStation sandbox',
          apiBaseUrl: publicUrl,
          controlUrl: `${publicUrl}${CONTROL_PREFIX}`,
        });
      } else {
        note = await handleApi(req, res, url, path, apiCtx);
      }
    } catch (err) {
      if (err instanceof HttpError) {
        if (!res.headersSent && !res.destroyed) {
          sendJson(res, err.status, { Message: err.message }, err.headers);
        }
      } else {
        note = 'error';
        log?.(
          `[shipstation-sandbox] ${method} ${path} failed: ${err instanceof Error ? err.message : String(err)}`,
        );
        if (!res.headersSent && !res.destroyed) sendJson(res, 500, { Message: 'An error has occurred.' });
      }
    } finally {
      if (log) {
        const ms = Math.round(performance.now() - started);
        const status = res.headersSent ? String(res.statusCode) : '-';
        log(`[shipstation-sandbox] ${method} ${path} ${status} ${ms}ms${note ? ` ${note}` : ''}`);
      }
    }
  };

  const server = createServer((req, res) => {
    void dispatch(req, res);
  });
  server.on('clientError', (_err, socket) => {
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error): void => reject(err);
    server.once('error', onError);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const listenUrl = `http://${formatHost(host)}:${port}`;
  publicUrl = opts.publicUrl ? opts.publicUrl.replace(/\/+$/, '') : listenUrl;

  let closePromise: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closePromise ??= (async () => {
      closing = true;
      emitter.close();
      for (const s of sleepers) {
        clearTimeout(s.timer);
        s.resolve(false);
      }
      sleepers.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    })();
    return closePromise;
  };

  return { url: publicUrl, port, control, close };
}
