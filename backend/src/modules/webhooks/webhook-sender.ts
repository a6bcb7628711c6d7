import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Webhook } from 'standardwebhooks';
import { guardedLookup, PrivateAddressError, urlProblem } from './webhook-address.js';

/** How much of an answer's body is read (the rest is dropped) and how much of it is kept. */
const READ_BYTES = 4096;
const KEEP_CHARS = 500;

export const USER_AGENT = 'FaireShipmentManager-Webhooks/1.0';

export interface SendResult {
  /** 2xx: delivered. */
  ok: boolean;
  /** The HTTP status, or null when there was no answer. */
  status: number | null;
  /** The start of the answer's body, cleaned and cut short. */
  response: string | null;
  /** Why it failed, in words (null when delivered). */
  error: string | null;
}

export interface Outgoing {
  url: string;
  /** The delivery's id: the `webhook-id`, the same on every try. */
  id: string;
  body: string;
  secret: string;
  timeoutMs: number;
  allowPrivate: boolean;
  now?: Date;
}

/**
 * The three Standard Webhooks headers for one try: `webhook-signature` is `v1,<base64 HMAC-SHA256>` of
 * `<id>.<timestamp>.<body>` with the endpoint's secret (the `standardwebhooks` package).
 */
export function signedHeaders(o: Pick<Outgoing, 'id' | 'body' | 'secret' | 'now'>): Record<string, string> {
  const at = o.now ?? new Date();
  return {
    'webhook-id': o.id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(o.secret).sign(o.id, at, o.body),
  };
}

/**
 * Posts one signed delivery: https only (http in development and tests), every address the host resolves
 * to checked as the connection opens, no redirect followed, at most `timeoutMs` for the whole exchange
 * and the first few KB of the answer read. Never throws: a failure is a result with its reason.
 */
export function sendWebhook(o: Outgoing): Promise<SendResult> {
  const problem = urlProblem(o.url, o.allowPrivate);
  if (problem) return Promise.resolve(failed(null, null, refusal(problem)));
  const url = new URL(o.url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = send(
      url,
      {
        method: 'POST',
        agent: false,
        lookup: guardedLookup(o.allowPrivate),
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          'content-length': Buffer.byteLength(o.body),
          ...signedHeaders(o),
        },
      },
      (res) => readStart(res, (text) => finish(answered(res, text))),
    );
    const timer = setTimeout(() => req.destroy(new NoAnswerInTime(o.timeoutMs)), o.timeoutMs);
    req.on('error', (err) => finish(failed(null, null, reason(err))));
    req.end(o.body);
  });
}

function readStart(res: IncomingMessage, done: (text: string) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const end = () => done(Buffer.concat(chunks).toString('utf8'));
  res.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= READ_BYTES) {
      res.removeAllListeners('data');
      res.destroy();
      end();
    }
  });
  res.on('end', end);
  res.on('error', end);
  res.on('close', end);
}

function answered(res: IncomingMessage, text: string): SendResult {
  const status = res.statusCode ?? 0;
  const response = clean(text);
  if (status >= 200 && status < 300) return { ok: true, status, response, error: null };
  if (status >= 300 && status < 400) {
    const to = typeof res.headers.location === 'string' ? ` to ${clean(res.headers.location, 200)}` : '';
    return failed(status, response, `The endpoint answered a redirect${to}: redirects are not followed`);
  }
  return failed(status, response, `The endpoint answered ${status}`);
}

function failed(status: number | null, response: string | null, error: string): SendResult {
  return { ok: false, status, response, error };
}

function refusal(problem: string): string {
  return `Not sent: the ${problem}`;
}

class NoAnswerInTime extends Error {
  constructor(ms: number) {
    super(`The endpoint did not answer within ${+(ms / 1000).toFixed(1)} s`);
  }
}

function reason(err: unknown): string {
  if (err instanceof PrivateAddressError) return refusal(err.message);
  if (err instanceof NoAnswerInTime) return err.message;
  const e = err as NodeJS.ErrnoException;
  const code = e.code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The endpoint’s host could not be found';
  if (code === 'ECONNREFUSED') return 'The endpoint refused the connection';
  if (code === 'ECONNRESET') return 'The endpoint closed the connection';
  if (/CERT|SSL|TLS/.test(code)) return `The endpoint’s certificate was refused (${code})`;
  return `No answer: ${clean(e.message ?? String(err), 200)}`;
}

/** Printable text only, cut short: an answer is shown as text, never run as markup. */
function clean(text: string, max = KEEP_CHARS): string {
  // eslint-disable-next-line no-control-regex
  const printable = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
  return printable.length > max ? `${printable.slice(0, max)}…` : printable;
}
