import { join } from 'node:path';
import type { AppConfig } from './common/config/index.js';

/**
 * When no Faire base URL is configured, the product runs against the built-in Faire sandbox: the API
 * process starts it on SANDBOX_PORT (state kept in LOCAL_STATE_DIR), a worker-only process points at it.
 * This is the only place that knows; everything else reads `config.marketplace`.
 */
export async function attachSandbox(
  config: AppConfig,
): Promise<{ url: string; close(): Promise<void> } | null> {
  const sandbox = config.marketplace.sandbox;
  if (!sandbox) return null;
  const { startSandbox, SANDBOX_DEFAULTS } = await import('@portal/faire-sandbox');
  const browserHost = sandbox.host === '0.0.0.0' || sandbox.host === '::' ? 'localhost' : sandbox.host;
  let url = `http://${browserHost}:${sandbox.port}`;
  let close = async () => undefined as void;
  if (config.runApi) {
    const handle = await startSandbox({
      port: sandbox.port,
      host: sandbox.host,
      publicUrl: url,
      dataFile: join(config.localStateDir, 'faire-sandbox.json'),
    });
    url = handle.url;
    close = () => handle.close();
  }
  config.marketplace.apiBaseUrl = `${url}/external-api/v2`;
  config.marketplace.oauthBaseUrl = url;
  config.marketplace.orderUrlTemplate = `${url}/_sandbox/orders/{orderId}`;
  config.marketplace.applicationId ??= SANDBOX_DEFAULTS.applicationId;
  config.marketplace.applicationSecret ??= SANDBOX_DEFAULTS.applicationSecret;
  return { url, close };
}
