import { afterEach, describe, expect, it } from 'vitest';
import { postSignInPath, storePendingInvite, storeReturnTo, clearPendingInvite } from './session';

afterEach(() => {
  window.sessionStorage.clear();
  clearPendingInvite();
});

describe('the deep link kept through sign-in', () => {
  it('lands on the screen opened before signing in, once', () => {
    storeReturnTo('/orders?view=table&filter=%7B%22q%22%3A%22maple%22%7D');
    expect(postSignInPath()).toBe('/orders?view=table&filter=%7B%22q%22%3A%22maple%22%7D');
    expect(postSignInPath()).toBe('/dashboard');
  });

  it('never leaves the app and ignores the callback and the dashboard', () => {
    for (const path of [
      '//evil.example/x',
      'https://evil.example',
      '/\\evil.example',
      '/auth/google/callback?code=1',
      '/',
    ]) {
      storeReturnTo(path);
      expect(postSignInPath()).toBe('/dashboard');
    }
  });

  it('an invitation still comes first', () => {
    storeReturnTo('/problem-orders');
    storePendingInvite('tok');
    expect(postSignInPath()).toBe('/accept-invite?token=tok');
  });
});
