// The shipment-source sandboxes `npm start` runs when no real source URL is configured, so a newcomer sees
// labels flow with no account. Each one starts in this process and its URL is handed to the backend through
// the environment; a configured URL (SHIPSTATION_API_BASE_URL=https://ssapi.shipstation.com, or
// SHOPIFY_API_BASE_URL) means no sandbox of that kind. Never in production.
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

function portFrom(env, name, fallback) {
  const raw = (env[name] ?? '').trim() || String(fallback);
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${name} must be a port number, got "${raw}"`);
  }
  return port;
}

/** Where a sandbox keeps its state between starts: beside the Faire sandbox's, in LOCAL_STATE_DIR. */
function dataFile(root, env, name) {
  return join(resolve(root, (env.LOCAL_STATE_DIR ?? '').trim() || '.local'), name);
}

function browserHost(host) {
  return host === '0.0.0.0' || host === '::' ? 'localhost' : host;
}

/**
 * The product's Shopify OAuth callback as the backend builds it: on PUBLIC_URL when set, else on the
 * request's own host (the API port on localhost or 127.0.0.1, or the frontend dev server's).
 */
function shopifyRedirectUris(env) {
  const path = '/api/integrations/shopify/callback';
  const publicUrl = (env.PUBLIC_URL ?? '').trim().replace(/\/+$/, '');
  if (publicUrl) return [`${publicUrl}${path}`];
  const port = (env.PORT ?? '').trim() || '3000';
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`, 'http://localhost:5173'].map(
    (o) => `${o}${path}`,
  );
}

async function startShipStation(root, env) {
  const port = portFrom(env, 'SHIPSTATION_SANDBOX_PORT', 4020);
  const host = (env.SHIPSTATION_SANDBOX_HOST ?? '').trim() || '127.0.0.1';
  const entry = pathToFileURL(join(root, 'sandbox-shipstation', 'dist', 'index.js')).href;
  const { startShipStationSandbox } = await import(entry);
  try {
    // Webhook resource URLs carry this origin, and the backend fetches them only from the configured one.
    const publicUrl =
      browserHost(host) !== host && port !== 0 ? `http://${browserHost(host)}:${port}` : undefined;
    const handle = await startShipStationSandbox({
      port,
      host,
      dataFile: dataFile(root, env, 'shipstation-sandbox.json'),
      ...(publicUrl ? { publicUrl } : {}),
    });
    const url = handle.url;
    env.SHIPSTATION_API_BASE_URL = url;
    handle.note =
      `ShipStation sandbox on ${url} (demo key pair in sandbox-shipstation/README.md; ` +
      'set SHIPSTATION_API_BASE_URL to use ShipStation)';
    return handle;
  } catch (err) {
    if (err?.code === 'EADDRINUSE') {
      throw new Error(
        `Port ${port} is already in use: set SHIPSTATION_SANDBOX_PORT to a free port (e.g. SHIPSTATION_SANDBOX_PORT=4120 npm start)`,
        { cause: err },
      );
    }
    throw err;
  }
}

async function startShopify(root, env) {
  const port = portFrom(env, 'SHOPIFY_SANDBOX_PORT', 4030);
  const host = (env.SHOPIFY_SANDBOX_HOST ?? '').trim() || '127.0.0.1';
  const entry = pathToFileURL(join(root, 'sandbox-shopify', 'dist', 'index.js')).href;
  const { startShopifySandbox, SHOPIFY_SANDBOX_DEFAULTS } = await import(entry);
  try {
    const publicUrl =
      browserHost(host) !== host && port !== 0 ? `http://${browserHost(host)}:${port}` : undefined;
    // The shop's admin origin stands in for https://{shop}. The app's credentials, when set, are the ones
    // the sandbox accepts; otherwise the demo app's are used on both sides.
    env.SHOPIFY_CLIENT_ID ||= SHOPIFY_SANDBOX_DEFAULTS.clientId;
    env.SHOPIFY_CLIENT_SECRET ||= SHOPIFY_SANDBOX_DEFAULTS.clientSecret;
    const handle = await startShopifySandbox({
      port,
      host,
      clientId: env.SHOPIFY_CLIENT_ID,
      clientSecret: env.SHOPIFY_CLIENT_SECRET,
      dataFile: dataFile(root, env, 'shopify-sandbox.json'),
      // The product's OAuth callback registered for the app, and its local http webhook address accepted
      // (Shopify itself takes only https public addresses and registered redirect URIs).
      redirectUris: shopifyRedirectUris(env),
      allowInsecureWebhookUris: true,
      ...(publicUrl ? { publicUrl } : {}),
    });
    env.SHOPIFY_API_BASE_URL = handle.url;
    handle.note =
      `Shopify sandbox on ${handle.url}, shop ${handle.shop} (demo app in sandbox-shopify/README.md; ` +
      'set SHOPIFY_API_BASE_URL to use Shopify)';
    return handle;
  } catch (err) {
    if (err?.code === 'EADDRINUSE') {
      throw new Error(
        `Port ${port} is already in use: set SHOPIFY_SANDBOX_PORT to a free port (e.g. SHOPIFY_SANDBOX_PORT=4130 npm start)`,
        { cause: err },
      );
    }
    throw err;
  }
}

/** Starts the sandboxes the environment asks for; returns one `close()` for all of them. */
export async function startSourceSandboxes(root, env) {
  const handles = [];
  if (env.NODE_ENV !== 'production' && !(env.SHIPSTATION_API_BASE_URL ?? '').trim()) {
    handles.push(await startShipStation(root, env));
  }
  if (env.NODE_ENV !== 'production' && !(env.SHOPIFY_API_BASE_URL ?? '').trim()) {
    try {
      handles.push(await startShopify(root, env));
    } catch (err) {
      await Promise.allSettled(handles.map((h) => h.close()));
      throw err;
    }
  }
  // The backend prints these once it is up (backend/src/main.ts), so a start that fails on a bad variable
  // still says only what is wrong.
  if (handles.length > 0) env.SOURCE_SANDBOX_NOTES = handles.map((h) => h.note).join('\n');
  return { close: () => Promise.allSettled(handles.map((h) => h.close())) };
}
