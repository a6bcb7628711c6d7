import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  SHIPSTATION_SANDBOX_DEFAULTS,
  startShipStationSandbox,
  type ShipStationSandboxHandle,
  type ShipStationSandboxOptions,
} from '../src/index.js';

export type Loose = ReturnType<typeof JSON.parse>;

export const BASIC = `Basic ${Buffer.from(
  `${SHIPSTATION_SANDBOX_DEFAULTS.apiKey}:${SHIPSTATION_SANDBOX_DEFAULTS.apiSecret}`,
).toString('base64')}`;

export function start(opts: ShipStationSandboxOptions = {}): Promise<ShipStationSandboxHandle> {
  return startShipStationSandbox({ port: 0, ...opts });
}

export interface Res {
  status: number;
  headers: Headers;
  body: Loose;
}

export async function call(
  method: string,
  url: string,
  opts: { auth?: string | null; body?: unknown } = {},
): Promise<Res> {
  const headers: Record<string, string> = {};
  const auth = opts.auth === undefined ? BASIC : opts.auth;
  if (auth !== null) headers.Authorization = auth;
  const init: RequestInit = { method, headers };
  if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(opts.body);
  }
  const res = await fetch(url, init);
  const text = await res.text();
  let body: Loose;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, headers: res.headers, body };
}

export const api = (sbx: ShipStationSandboxHandle, path: string, opts: { auth?: string | null } = {}) =>
  call('GET', `${sbx.url}${path}`, opts);

export const ctl = (sbx: ShipStationSandboxHandle, method: string, path: string, body?: unknown) =>
  call(method, `${sbx.url}/_sandbox${path}`, { auth: null, body });

export interface Received {
  headers: IncomingHttpHeaders;
  body: Loose;
  path: string;
}

/** A local webhook receiver that records every POST and answers `status`. */
export async function receiver(status = 200) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'),
        path: req.url ?? '/',
      });
      res.writeHead(status);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
