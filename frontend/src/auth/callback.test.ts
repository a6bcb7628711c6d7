import { describe, expect, it } from 'vitest';
import { callbackOutcome } from './callback';

const outcome = (query: string) => callbackOutcome(new URLSearchParams(query));

describe('callbackOutcome', () => {
  it("maps error=access_denied to 'Authentication failed' / 'Access denied'", () => {
    expect(outcome('error=access_denied&code=abc')).toEqual({
      kind: 'failed',
      toast: { title: 'Authentication failed', description: 'Access denied', variant: 'destructive' },
    });
  });

  it("maps any other error to 'Authentication error occurred'", () => {
    expect(outcome('error=server_error')).toMatchObject({
      toast: { title: 'Authentication failed', description: 'Authentication error occurred' },
    });
  });

  it("maps a missing code to 'No authorization code received'", () => {
    expect(outcome('state=s1')).toMatchObject({
      toast: { title: 'Authentication failed', description: 'No authorization code received' },
    });
  });

  it('exchanges the code with its state', () => {
    expect(outcome('code=abc&state=s1')).toEqual({ kind: 'exchange', code: 'abc', state: 's1' });
  });
});
