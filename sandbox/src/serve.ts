import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { HttpError } from './errors.js';
import { sendJson } from './http.js';

/** Waits that a closing server cuts short: `sleep` resolves `false` once `wakeAll` ran. */
export interface Sleeper {
  sleep: (ms: number) => Promise<boolean>;
  wakeAll: () => void;
}

export function createSleeper(): Sleeper {
  let closing = false;
  const sleepers = new Set<{ timer: NodeJS.Timeout; resolve: (ok: boolean) => void }>();
  return {
    sleep: (ms) => {
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
    },
    wakeAll: () => {
      closing = true;
      for (const s of sleepers) {
        clearTimeout(s.timer);
        s.resolve(false);
      }
      sleepers.clear();
    },
  };
}

export interface SandboxServerOptions {
  /** Prefix of log lines, e.g. `faire-sandbox`. */
  name: string;
  host: string;
  /** Port to listen on; 0 (default) picks a free port. */
  port?: number;
  /** Base URL of links when it differs from the listen address. */
  publicUrl?: string;
  /** Request log. Lines never contain query strings. */
  log?: ((line: string) => void) | undefined;
  /** The hook (if any) that runs just before the answer to a request of `method` is sent. */
  beforeAnswer?: ((method: string) => (() => void) | undefined) | undefined;
  /** Answers one request (`path` without a trailing slash); may return a note for the log line. */
  route(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    path: string,
    method: string,
  ): Promise<string | void>;
  /** The JSON body of an error answer. */
  errorBody(message: string): unknown;
  /** Message of the 500 answer to an unexpected error. */
  internalError: string;
  /** Runs once when closing starts, before the server stops. */
  beforeClose?: () => void;
  /** Runs once after the server (and every open connection) stopped. */
  afterClose?: () => Promise<void>;
}

export interface SandboxServer {
  port: number;
  listenUrl: string;
  /** `publicUrl` without trailing slashes, or the listen URL. */
  publicUrl: string;
  /** Stops the server and open connections; the same promise on every call. */
  close: () => Promise<void>;
}

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Makes state durable before the first byte of any answer to a non-GET request: `persist` runs inside
 * `res.end`; a failure is logged, never answered. Undefined without a data file.
 */
export function persistBeforeAnswer(
  name: string,
  dataFile: string | undefined,
  persist: () => void,
  log: ((line: string) => void) | undefined,
): ((method: string) => (() => void) | undefined) | undefined {
  if (!dataFile) return undefined;
  const hook = (): void => {
    try {
      persist();
    } catch (err) {
      log?.(`[${name}] could not write ${dataFile}: ${String(err)}`);
    }
  };
  return (method) => (method === 'GET' ? undefined : hook);
}

/** Starts the HTTP server of a sandbox: request dispatch with error answers and request log, listen, close. */
export async function serveSandbox(o: SandboxServerOptions): Promise<SandboxServer> {
  const { name, log } = o;
  const dispatch = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    const method = req.method ?? 'GET';
    const hook = o.beforeAnswer?.(method);
    if (hook) {
      // Whatever this request changed is on disk before the first byte of its answer.
      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
      res.end = ((...args: unknown[]) => {
        hook();
        return end(...args);
      }) as typeof res.end;
    }
    let path = '/';
    let note: string | undefined;
    try {
      const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
      path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
      note = (await o.route(req, res, url, path, method)) ?? undefined;
    } catch (err) {
      if (err instanceof HttpError) {
        if (!res.headersSent && !res.destroyed) {
          sendJson(res, err.status, o.errorBody(err.message), err.headers);
        }
      } else {
        note = 'error';
        log?.(`[${name}] ${method} ${path} failed: ${err instanceof Error ? err.message : String(err)}`);
        if (!res.headersSent && !res.destroyed) sendJson(res, 500, o.errorBody(o.internalError));
      }
    } finally {
      if (log) {
        const ms = Math.round(performance.now() - started);
        const status = res.headersSent ? String(res.statusCode) : '-';
        log(`[${name}] ${method} ${path} ${status} ${ms}ms${note ? ` ${note}` : ''}`);
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
    server.listen(o.port ?? 0, o.host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const listenUrl = `http://${formatHost(o.host)}:${port}`;
  const publicUrl = o.publicUrl ? o.publicUrl.replace(/\/+$/, '') : listenUrl;

  let closePromise: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closePromise ??= (async () => {
      o.beforeClose?.();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await o.afterClose?.();
    })();
    return closePromise;
  };
  return { port, listenUrl, publicUrl, close };
}
