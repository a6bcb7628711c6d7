import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { forgetStartedRequests, type FirstScreenState } from './startedRequests';

// The first screen a signed-in caller's page carries, put into the app's query cache (decision 0042).

const ELEMENT_ID = 'first-screen';
const ME_PATH = '/api/auth/me';

interface Identity {
  id?: unknown;
  company?: { id?: unknown } | null;
}

function read(): FirstScreenState | null {
  if (typeof window === 'undefined') return null;
  if (window.__FIRST_SCREEN__) return window.__FIRST_SCREEN__;
  // The inline script did not run (a stricter policy in front of the app): the data is still there.
  const text = document.getElementById(ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as { data?: Record<string, unknown> };
    return { data: parsed.data ?? {}, pending: {} };
  } catch {
    return null;
  }
}

function sameCaller(a: Identity | null | undefined, b: Identity | null | undefined): boolean {
  return !!a && !!b && a.id === b.id && (a.company?.id ?? null) === (b.company?.id ?? null);
}

/** Where a request the page started goes in the cache, and the data-provider call that reads it. */
export interface StartedQuery {
  queryKey: QueryKey;
  queryFn: () => Promise<unknown>;
}

/**
 * Seeds the query cache with the answers the page carried (each under its path as the query key, as the
 * screens' hooks key them), once at start, and puts the requests the page started under their query
 * keys (`started`: path -> key and the data-provider call, which takes the started answer) at once, so their answers are in the cache when the screen first renders
 * instead of being asked for after it mounted. Started requests are handed out only while the same
 * person in the same company is signed in: a sign-out, an expired session or a company change drops them.
 */
export function seedFirstScreen(queryClient: QueryClient, started: Record<string, StartedQuery> = {}): void {
  const state = read();
  if (!state) return;
  for (const [path, value] of Object.entries(state.data)) queryClient.setQueryData([path], value);
  const servedTo = state.data[ME_PATH] as Identity | undefined;
  state.data = {};
  if (!servedTo) {
    forgetStartedRequests();
    return;
  }
  for (const [path, query] of Object.entries(started)) {
    if (!state.pending[path]) continue;
    // A failed answer leaves the query in error; the screen asks again when it mounts, as without this.
    void queryClient.prefetchQuery(query);
  }
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    const key = event.query.queryKey as QueryKey;
    if (key[0] !== ME_PATH) return;
    const now = event.query.state.data as Identity | null | undefined;
    if (event.type === 'removed' || (event.type === 'updated' && !sameCaller(servedTo, now))) {
      forgetStartedRequests();
      unsubscribe();
    }
  });
}
