import { vi } from 'vitest';

export interface MockAnswer {
  status?: number;
  body?: unknown;
}

type Route = MockAnswer | ((init: RequestInit | undefined) => MockAnswer | Promise<MockAnswer>);

/**
 * Stubs `fetch` with answers keyed by "METHOD /path". Unknown calls answer a JSON 404 like the server.
 * An answer may be a promise: a test holds a call until it has seen what came before.
 */
export function mockApi(routes: Record<string, Route>) {
  const fn = vi.fn(async (url: string, init?: RequestInit) => {
    const route = routes[`${init?.method ?? 'GET'} ${url}`];
    const answer: MockAnswer = route
      ? typeof route === 'function'
        ? await route(init)
        : route
      : { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } };
    const status = answer.status ?? 200;
    return new Response(status === 204 || answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** The JSON bodies sent to one "METHOD /path". */
export function sentBodies(fetchMock: ReturnType<typeof mockApi>, key: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === key)
    .map(([, init]): unknown =>
      typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    );
}
