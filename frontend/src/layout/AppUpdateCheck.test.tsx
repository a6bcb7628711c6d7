import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Notification } from 'react-admin';
import { renderScreen } from '../test/render';
import { AppUpdateCheck, buildIdOf } from './AppUpdateCheck';

const page = (entry: string) =>
  `<!doctype html><html><head><script type="module" crossorigin src="${entry}"></script></head></html>`;

describe('AppUpdateCheck', () => {
  let script: HTMLScriptElement;
  beforeEach(() => {
    // The page's entry script, as the build writes it (typed last: the test DOM does not load it).
    script = document.createElement('script');
    script.type = 'text/plain';
    document.head.append(script);
    script.setAttribute('src', '/assets/index-old111.js');
    script.type = 'module';
  });
  afterEach(() => {
    script.remove();
    vi.unstubAllGlobals();
  });

  it('reads the build from the entry script', () => {
    expect(buildIdOf(page('/assets/index-abc123.js'))).toBe('/assets/index-abc123.js');
    expect(buildIdOf('<script type="module" src="/src/main.tsx"></script>')).toBeNull();
  });

  it('fetches nothing when mounted, and says so once when another build is deployed', async () => {
    let deployed = '/assets/index-old111.js';
    const fetchMock = vi.fn(
      async () => new Response(page(deployed), { headers: { 'content-type': 'text/html' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(
      <>
        <AppUpdateCheck interval={40} />
        <Notification />
      </>,
    );
    expect(fetchMock).not.toHaveBeenCalled();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls[0]).toEqual(['/index.html', { cache: 'no-cache', credentials: 'omit' }]);
    expect(screen.queryByRole('alert')).toBeNull();
    deployed = '/assets/index-new222.js';
    expect(await screen.findByRole('alert')).toBeTruthy();
    const calls = fetchMock.mock.calls.length;
    await new Promise((r) => setTimeout(r, 150));
    expect(fetchMock.mock.calls.length).toBe(calls);
  });
});
