import type { NextFunction, Request, Response } from 'express';
import { MAX_FILE_BYTES } from '@portal/shipment-rules';
import { MAX_INPUT_DEPTH } from './request.pipe.js';

/** Limit of a JSON or form body (the upload's multipart body has its own, the CSV size limit). */
export const BODY_LIMIT_BYTES = 2 * 1024 * 1024;
export const BODY_LIMIT_TEXT = '2 MB';
/** Limit of a ShipStation store's ship notice (an XML document of one shipment). */
export const STORE_BODY_LIMIT_BYTES = 1024 * 1024;
/** Room for the multipart framing and the small text fields around a CSV file of the maximum size. */
const MULTIPART_OVERHEAD_BYTES = 256 * 1024;

export const BODY_TOO_LARGE_MESSAGE = `The request body is too large (the limit is ${BODY_LIMIT_TEXT})`;
export const FILE_TOO_LARGE_MESSAGE = 'File size must be less than 10MB';

/** Every /api answer is private and changes: no browser or proxy keeps a copy. */
export function apiNoStore(req: Request, res: Response, next: NextFunction): void {
  if (req.path === '/api' || req.path.startsWith('/api/')) res.setHeader('Cache-Control', 'no-store');
  next();
}

/** An over-limit body up to this many times the limit is read and dropped so the client sees the 413. */
export const DISCARD_FACTOR = 2;

/**
 * A request that declares a body over the limit is answered 413 at once, before a byte of it is parsed
 * (decision 0029). A client still sending when the answer goes out (browsers, `fetch`, `curl -F`) only
 * reads it if its body is taken in: up to DISCARD_FACTOR times the limit the rest is read and dropped
 * (nothing is kept), then the connection closes; beyond that the connection closes once the answer is
 * out, so nobody can keep the server reading.
 */
export function declaredBodyLimit(req: Request, res: Response, next: NextFunction): void {
  const declared = req.headers['content-length'];
  if (declared === undefined) return next();
  const bytes = Number(declared);
  const multipart = /^multipart\/form-data/i.test(req.headers['content-type'] ?? '');
  const limit = multipart ? MAX_FILE_BYTES + MULTIPART_OVERHEAD_BYTES : BODY_LIMIT_BYTES;
  if (Number.isFinite(bytes) && bytes <= limit) return next();
  res.setHeader('Connection', 'close');
  const body = {
    message: multipart ? FILE_TOO_LARGE_MESSAGE : BODY_TOO_LARGE_MESSAGE,
    code: 'PAYLOAD_TOO_LARGE',
  };
  if (!Number.isFinite(bytes) || bytes > limit * DISCARD_FACTOR) {
    res.status(413).json(body);
    // Stop reading what the client is still sending once the answer is out.
    res.on('finish', () => req.socket.end());
    return;
  }
  // Read and drop the rest, then answer: the client has sent everything and reads the 413.
  let seen = 0;
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > limit * DISCARD_FACTOR) req.socket.destroy();
  });
  req.once('end', () => {
    if (!res.headersSent) res.status(413).json(body);
  });
  req.once('error', () => req.socket.destroy());
  req.resume();
}

/**
 * body-parser `verify` hook: counts bracket depth over the raw bytes (O(n), no parse) and refuses a JSON
 * body nested deeper than MAX_INPUT_DEPTH before it is parsed, let alone transformed or validated.
 */
export function refuseDeepJson(_req: unknown, _res: unknown, buf: Buffer): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > MAX_INPUT_DEPTH) {
        throw Object.assign(
          new Error(`The request body is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)`),
          { status: 400, statusCode: 400, expose: true, type: 'entity.too.deep' },
        );
      }
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
}
