import type { IncomingMessage } from 'node:http';
import { parseJsonBody, readBody as readKitBody } from '@portal/faire-sandbox/kit';

export { escapeHtml, parseJsonBody, redirect, sendHtml, sendJson } from '@portal/faire-sandbox/kit';

export const MAX_BODY_BYTES = 2_000_000;

export const readBody = (req: IncomingMessage): Promise<Buffer> => readKitBody(req, MAX_BODY_BYTES);

/** Parses a JSON or form-encoded body into a plain object (the OAuth endpoints take either). */
export function parseLooseBody(req: IncomingMessage, body: Buffer): unknown {
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (type.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(body.toString('utf8')));
  }
  return parseJsonBody(body);
}
