/**
 * The first-screen data a signed-in caller's page carries (decision 0042; backend
 * common/http/first-screen-html.ts): GET answers by path, and the requests its inline script started.
 */
export interface FirstScreenState {
  data: Record<string, unknown>;
  pending: Record<string, Promise<Response>>;
}

declare global {
  interface Window {
    __FIRST_SCREEN__?: FirstScreenState;
  }
}

/** The answer to a GET the page started before the app loaded, handed out once; undefined otherwise. */
export function takeStartedRequest(url: string): Promise<Response> | undefined {
  const pending = typeof window === 'undefined' ? undefined : window.__FIRST_SCREEN__?.pending;
  const started = pending?.[url];
  if (started) delete pending[url];
  return started;
}

/** Drops the started requests: their answers belong to the caller the page was served to. */
export function forgetStartedRequests(): void {
  if (typeof window !== 'undefined' && window.__FIRST_SCREEN__) window.__FIRST_SCREEN__.pending = {};
}
