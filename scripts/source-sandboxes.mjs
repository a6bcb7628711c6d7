// The shipment-source sandboxes `npm start` runs when no real source URL is configured, so a newcomer sees
// labels flow with no account. Each one starts in this process and its URL is handed to the backend through
// the environment; a configured URL (e.g. SHIPSTATION_API_BASE_URL=https://ssapi.shipstation.com) means
// no sandbox. Never in production.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

function portFrom(env, name, fallback) {
  const raw = (env[name] ?? '').trim() || String(fallback);
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${name} must be a port number, got "${raw}"`);
  }
  return port;
}

function browserHost(host) {
  return host === '0.0.0.0' || host === '::' ? 'localhost' : host;
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
    const handle = await startShipStationSandbox({ port, host, ...(publicUrl ? { publicUrl } : {}) });
    const url = handle.url;
    env.SHIPSTATION_API_BASE_URL = url;
    console.log(
      `ShipStation sandbox on ${url} (demo key pair in sandbox-shipstation/README.md; ` +
        'set SHIPSTATION_API_BASE_URL to use ShipStation)',
    );
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

/** Starts the sandboxes the environment asks for; returns one `close()` for all of them. */
export async function startSourceSandboxes(root, env) {
  const handles = [];
  if (env.NODE_ENV !== 'production' && !(env.SHIPSTATION_API_BASE_URL ?? '').trim()) {
    handles.push(await startShipStation(root, env));
  }
  return { close: () => Promise.allSettled(handles.map((h) => h.close())) };
}
