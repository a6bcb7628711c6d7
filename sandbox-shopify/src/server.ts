import { Controller } from './control.js';
import { CONTROL_PREFIX, handleControl } from './control-http.js';
import {
  HttpError,
  persistBeforeAnswer,
  readStateFile,
  serveSandbox,
  writeStateFile,
} from '@portal/faire-sandbox/kit';
import { GRAPHQL_PATH, handleGraphql, type GraphqlContext } from './graphql-api.js';
import { sendJson } from './http.js';
import { AUTHORIZE_PATH, handleAuthorize, handleToken, TOKEN_PATH, type OAuthContext } from './oauth.js';
import { buildAdminSchema } from './schema.js';
import { apiVersions, parseVersionList } from './versions.js';
import { ShopStore, type PersistedShop } from './store.js';
import { TokenStore, type PersistedTokens } from './tokens.js';
import { WebhookEmitter } from './webhooks.js';

export const SHOPIFY_SANDBOX_DEFAULTS = {
  clientId: 'sbx_shopify_client_id',
  clientSecret: 'sbx_shopify_client_secret',
  shop: 'juniper-and-pine.myshopify.com',
  apiVersion: '2026-10',
  /** The demo app's registered redirect URI: the portal's callback on its local default port. */
  redirectUris: ['http://localhost:3000/api/integrations/shopify/callback'] as readonly string[],
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
  /**
   * The redirect URIs registered for the app (Shopify's "Allowed redirection URLs"): the authorize step
   * refuses any other `redirect_uri` (exact match). Default: the demo app's, `SHOPIFY_SANDBOX_DEFAULTS.redirectUris`.
   */
  redirectUris?: string[];
  /**
   * Accept `http` and internal (localhost, loopback, private) webhook addresses, which Shopify refuses;
   * for local development and tests whose receiver is on this machine. Default false.
   */
  allowInsecureWebhookUris?: boolean;
  /**
   * The supported stable API versions (quarterly `YYYY-MM`); default those of the sandbox clock's date
   * (each supported 12 months from its release). The next quarter is served as the release candidate.
   */
  apiVersions?: string[];
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
  /** `url + '/admin/api/2026-10/graphql.json'` (supported versions are served; others fall forward). */
  graphqlUrl: string;
  control: Controller;
  /** Stops the server (also open connections) and pending webhook deliveries. */
  close(): Promise<void>;
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
  const allowInsecureWebhookUris = opts.allowInsecureWebhookUris === true;
  const fixedVersions = opts.apiVersions ? parseVersionList(opts.apiVersions) : undefined;
  const versions = () => apiVersions(now(), fixedVersions);
  const control = new Controller(
    store,
    tokens,
    emitter,
    allowInsecureWebhookUris,
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
    redirectUris: [...(opts.redirectUris ?? d.redirectUris)],
    now,
    countTokenRequest: () => {
      store.calls.tokenRequests += 1;
    },
  };
  const graphqlCtx: GraphqlContext = {
    schemas: { withCallbackUrl: buildAdminSchema(true), uriOnly: buildAdminSchema(false) },
    store,
    tokens,
    versions,
    allowInsecureWebhookUris,
  };
  let publicUrl = '';

  const server = await serveSandbox({
    name: 'shopify-sandbox',
    host,
    port: opts.port,
    publicUrl: opts.publicUrl,
    log,
    beforeAnswer: persistBeforeAnswer('shopify-sandbox', opts.dataFile, persist, log),
    route: async (req, res, url, path, method) => {
      if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) {
        await handleControl(req, res, path.slice(CONTROL_PREFIX.length) || '/', control);
      } else if (GRAPHQL_PATH.test(path)) {
        return handleGraphql(req, res, path, graphqlCtx);
      } else if (path === AUTHORIZE_PATH) {
        await handleAuthorize(req, res, url, oauthCtx);
      } else if (path === TOKEN_PATH) {
        await handleToken(req, res, oauthCtx);
      } else if (path === '/' && method === 'GET') {
        sendJson(res, 200, {
          name: 'Shopify sandbox',
          shop,
          graphqlUrl: `${publicUrl}/admin/api/${d.apiVersion}/graphql.json`,
          apiVersions: versions(),
          authorizeUrl: `${publicUrl}${AUTHORIZE_PATH}`,
          tokenUrl: `${publicUrl}${TOKEN_PATH}`,
          controlUrl: `${publicUrl}${CONTROL_PREFIX}`,
        });
      } else {
        throw new HttpError(404, `No endpoint ${method} ${path}`);
      }
    },
    errorBody: (message) => ({ errors: message }),
    internalError: 'Internal error',
    beforeClose: () => emitter.close(),
  });
  const { port, close } = server;
  publicUrl = server.publicUrl;

  return {
    url: publicUrl,
    port,
    shop,
    graphqlUrl: `${publicUrl}/admin/api/${d.apiVersion}/graphql.json`,
    control,
    close,
  };
}
