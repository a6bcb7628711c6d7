import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Controller } from './control.js';
import { CONTROL_PREFIX, handleControl } from './control-http.js';
import { HttpError, readStateFile, writeStateFile } from '@portal/faire-sandbox/kit';
import { GRAPHQL_PATH, handleGraphql, type GraphqlContext } from './graphql-api.js';
import { sendJson } from './http.js';
import { AUTHORIZE_PATH, handleAuthorize, handleToken, TOKEN_PATH, type OAuthContext } from './oauth.js';
import { buildAdminSchema } from './schema.js';
import { ShopStore, type PersistedShop } from './store.js';
import { TokenStore, type PersistedTokens } from './tokens.js';
import { WebhookEmitter } from './webhooks.js';

export const SHOPIFY_SANDBOX_DEFAULTS = {
  clientId: 'sbx_shopify_client_id',
  clientSecret: 'sbx_shopify_client_secret',
  shop: 'juniper-and-pine.myshopify.com',
  apiVersion: '2026-10',
  port: 4030,
  seed: 1,
  brand: 'brand1',
} as const;

export interface ShopifySandboxOptions {
  /** Port to listen on; 0 (default) picks a free port. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** Base URL of links and redirects when it differs from the listen address. */
  publicUrl?: string;
  /** Seed of the data (and of the Faire sandbox orders it mirrors); default 1. */
  seed?: number;
  /** Faire sandbox brand whose orders the shop mirrors: brand id or `brand1`..`brand4`; default brand1. */
  brand?: string;
  /** The sandbox's clock; default real time. `control.advanceClock` moves it further forward. */
  clock?: () => Date;
  /** The app's credentials (client id = API key, client secret = API secret key). */
  clientId?: string;
  clientSecret?: string;
  /** The shop's myshopify domain. */
  shop?: string;
  /** Allowed OAuth redirect URI prefixes; default any http(s) URL. */
  redirectUris?: string[];
  /**
   * JSON state file (orders, tokens, subscriptions): loaded at start when present, written before the answer
   * to every request that may change it. Without it the state lives in memory.
   */
  dataFile?: string;
  /** Request log. Lines never contain tokens, secrets or query strings. */
  logger?: (line: string) => void;
}

const STATE_FORMAT = 'shopify-sandbox-state';
interface PersistedState {
  format: typeof STATE_FORMAT;
  shop: PersistedShop;
  tokens: PersistedTokens;
}

export interface ShopifySandboxHandle {
  /** Base URL: the shop's admin origin (as `https://{shop}`), e.g. http://127.0.0.1:43123. */
  url: string;
  port: number;
  /** The shop's myshopify domain. */
  shop: string;
  /** `url + '/admin/api/2026-10/graphql.json'` (any dated version is served). */
  graphqlUrl: string;
  control: Controller;
  /** Stops the server (also open connections) and pending webhook deliveries. */
  close(): Promise<void>;
}

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

export async function startShopifySandbox(opts: ShopifySandboxOptions = {}): Promise<ShopifySandboxHandle> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.logger;
  const d = SHOPIFY_SANDBOX_DEFAULTS;
  let offsetMs = 0;
  const now = (): number => (opts.clock ? opts.clock().getTime() : Date.now()) + offsetMs;
  const shop = opts.shop ?? d.shop;
  const clientId = opts.clientId ?? d.clientId;
  const clientSecret = opts.clientSecret ?? d.clientSecret;
  const store = new ShopStore(opts.seed ?? d.seed, opts.brand ?? d.brand, shop, now);
  const tokens = new TokenStore(now);
  const loaded = opts.dataFile ? readStateFile<PersistedState>(opts.dataFile, STATE_FORMAT) : undefined;
  if (loaded) {
    store.restore(loaded.shop);
    tokens.restore(loaded.tokens);
  } else {
    store.seedFresh();
  }
  const persist = (): void => {
    if (!opts.dataFile) return;
    const state: PersistedState = { format: STATE_FORMAT, shop: store.snapshot(), tokens: tokens.snapshot() };
    writeStateFile(opts.dataFile, state);
  };
  const emitter = new WebhookEmitter(now, clientSecret, d.apiVersion);
  const control = new Controller(
    store,
    tokens,
    emitter,
    () => {
      tokens.reset();
      emitter.reset();
      store.seedFresh();
    },
    (ms) => {
      offsetMs += ms;
    },
  );
  const oauthCtx: OAuthContext = {
    tokens,
    clientId,
    clientSecret,
    defaultShop: shop,
    redirectUris: opts.redirectUris ?? [],
    now,
    countTokenRequest: () => {
      store.calls.tokenRequests += 1;
    },
  };
  const graphqlCtx: GraphqlContext = { schema: buildAdminSchema(), store, tokens };
  let publicUrl = '';

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
          log?.(`[shopify-sandbox] could not write ${opts.dataFile}: ${String(err)}`);
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
      } else if (GRAPHQL_PATH.test(path)) {
        note = await handleGraphql(req, res, graphqlCtx);
      } else if (path === AUTHORIZE_PATH) {
        await handleAuthorize(req, res, url, oauthCtx);
      } else if (path === TOKEN_PATH) {
        await handleToken(req, res, oauthCtx);
      } else if (path === '/' && method === 'GET') {
        sendJson(res, 200, {
          name: 'Shopify sandbox',
          shop,
          graphqlUrl: `${publicUrl}/admin/api/${d.apiVersion}/graphql.json`,
          authorizeUrl: `${publicUrl}${AUTHORIZE_PATH}`,
          tokenUrl: `${publicUrl}${TOKEN_PATH}`,
          controlUrl: `${publicUrl}${CONTROL_PREFIX}`,
        });
      } else {
        throw new HttpError(404, `No endpoint ${method} ${path}`);
      }
    } catch (err) {
      if (err instanceof HttpError) {
        if (!res.headersSent && !res.destroyed) {
          sendJson(res, err.status, { errors: err.message }, err.headers);
        }
      } else {
        note = 'error';
        log?.(
          `[shopify-sandbox] ${method} ${path} failed: ${err instanceof Error ? err.message : String(err)}`,
        );
        if (!res.headersSent && !res.destroyed) sendJson(res, 500, { errors: 'Internal error' });
      }
    } finally {
      if (log) {
        const ms = Math.round(performance.now() - started);
        const status = res.headersSent ? String(res.statusCode) : '-';
        log(`[shopify-sandbox] ${method} ${path} ${status} ${ms}ms${note ? ` ${note}` : ''}`);
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
      emitter.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    })();
    return closePromise;
  };

  return {
    url: publicUrl,
    port,
    shop,
    graphqlUrl: `${publicUrl}/admin/api/${d.apiVersion}/graphql.json`,
    control,
    close,
  };
}
