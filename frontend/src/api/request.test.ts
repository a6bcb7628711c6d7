import { afterEach, describe, expect, it, vi } from 'vitest';
import { at } from '../test/at';
import { ApiError, apiRequest, errorMessage } from './request';

function mockFetch(status: number, body: string, headers: Record<string, string> = {}, statusText = '') {
  const fn = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(status === 204 ? null : body, { status, statusText, headers }),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends plain objects as JSON with cookies', async () => {
    const fetch = mockFetch(200, '{"ok":true}', { 'content-type': 'application/json' });
    await expect(apiRequest('POST', '/api/x', { a: 1 })).resolves.toEqual({ ok: true });
    const [, init] = at(fetch.mock.calls, 0);
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"a":1}');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends FormData as-is and no body when there is no payload', async () => {
    const fetch = mockFetch(200, '{}', { 'content-type': 'application/json' });
    const form = new FormData();
    form.append('csv', new Blob(['a,b']), 'x.csv');
    await apiRequest('POST', '/api/upload', form);
    expect(at(fetch.mock.calls, 0)[1]?.body).toBe(form);
    expect((at(fetch.mock.calls, 0)[1]?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    await apiRequest('POST', '/api/auth/logout');
    expect(at(fetch.mock.calls, 1)[1]?.body).toBeUndefined();
  });

  it('raises "<status>: <body>" for a non-OK answer', async () => {
    mockFetch(400, '{"message":"Email required"}');
    const err = await apiRequest('POST', '/api/team/invite', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('400: {"message":"Email required"}');
    expect(errorMessage(err)).toBe('Email required');
  });

  it('uses the status text when the body is empty', async () => {
    mockFetch(502, '', {}, 'Bad Gateway');
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('502: Bad Gateway');
  });
});

describe('429 answers', () => {
  it('show the server message, which says when to try again', async () => {
    mockFetch(429, '{"message":"Too many invitations. Please try again in 4 minutes."}', {
      'Retry-After': '212',
    });
    const err = (await apiRequest('POST', '/api/team/invite', {}).catch((e: unknown) => e)) as ApiError;
    expect(err.retryAfterSeconds).toBe(212);
    expect(errorMessage(err)).toBe('Too many invitations. Please try again in 4 minutes.');
  });

  it('say when to try again from Retry-After when the body does not', async () => {
    mockFetch(429, 'Too Many Requests', { 'Retry-After': '30' });
    const err = await apiRequest('POST', '/api/shipments/upload', {}).catch((e: unknown) => e);
    expect(errorMessage(err)).toBe('Too many requests. Please try again in 30 seconds.');
  });
});
