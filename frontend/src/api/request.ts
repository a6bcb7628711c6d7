import { takeStartedRequest } from './startedRequests';

/**
 * The shared request helper (spec section 7): cookies always sent, plain objects as JSON, FormData as-is,
 * no payload means no body. A non-OK answer raises an error whose message is "<status>: <body or status text>".
 */
export const CSRF_HEADER = { 'X-Requested-With': 'fetch' } as const;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
    /** From a 429's `Retry-After` header: seconds until the request may be tried again. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /**
   * The server's `{message}` when the body is our JSON error shape; the raw message otherwise. A 429
   * always says when to try again (from `Retry-After` when the message does not say it).
   */
  get userMessage(): string {
    let message = this.message;
    try {
      const parsed = JSON.parse(this.bodyText) as { message?: unknown };
      if (typeof parsed.message === 'string' && parsed.message) message = parsed.message;
    } catch {
      /* not JSON */
    }
    if (this.status === 429 && !/try again/i.test(message)) {
      const when = this.retryAfterSeconds ? `in ${waitText(this.retryAfterSeconds)}` : 'in a few minutes';
      return `Too many requests. Please try again ${when}.`;
    }
    return message;
  }
}

/** "4 minutes", "1 minute", "30 seconds". */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function retryAfter(res: Response): number | null {
  const value = Number(res.headers.get('Retry-After'));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** The message to show a person for any thrown value. */
export function errorMessage(err: unknown, fallback = 'Something went wrong'): string {
  if (err instanceof ApiError) return err.userMessage;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

export async function apiRequest<T = unknown>(method: string, url: string, data?: unknown): Promise<T> {
  const headers: Record<string, string> = { ...CSRF_HEADER, Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (data instanceof FormData) {
    body = data;
  } else if (data !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(data);
  }
  // The page may have started this GET already (its first screen's data): that answer is used once.
  const started = method === 'GET' ? takeStartedRequest(url) : undefined;
  const res = await (started ?? fetch(url, { method, headers, body, credentials: 'include' }));
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, text, res.statusText, retryAfter(res));
  }
  return parseBody<T>(res);
}

async function parseBody<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return (await res.json()) as T;
  return (await res.text()) as T;
}
