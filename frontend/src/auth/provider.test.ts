import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/fetchMock';
import { sessionApi } from './provider';

afterEach(() => vi.unstubAllGlobals());

describe('sessionApi.me', () => {
  it('answers null when nobody is signed in (401), and raises any other failure', async () => {
    mockApi({ 'GET /api/auth/me': { status: 401, body: { message: 'Please sign in' } } });
    await expect(sessionApi.me()).resolves.toBeNull();
    mockApi({ 'GET /api/auth/me': { status: 500, body: { message: 'Internal server error' } } });
    await expect(sessionApi.me()).rejects.toThrow(/^500: /);
  });
});
