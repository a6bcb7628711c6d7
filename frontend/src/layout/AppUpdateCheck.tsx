import { useEffect } from 'react';
import { ApplicationUpdatedNotification, useNotify } from 'react-admin';

const ONE_HOUR = 60 * 60 * 1000;

/**
 * The build a page runs: the content-hashed name of its entry script (Vite names it by its contents).
 * Null when there is none (the development server).
 */
export function buildIdOf(html: string): string | null {
  return /<script\b[^>]*\bsrc="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? null;
}

function currentBuildId(): string | null {
  const script = document.querySelector<HTMLScriptElement>('script[type="module"][src^="/assets/"]');
  return script?.getAttribute('src') ?? null;
}

/**
 * Tells the user once an hour whether a new version was deployed, with react-admin's reload notice.
 * The page's own build is read from the document, not fetched: react-admin's CheckForApplicationUpdate
 * fetches the page's URL again on every load to learn it (a second download of the page), and the page
 * now carries the caller's first-screen data, so its bytes change from one load to the next anyway.
 */
export function AppUpdateCheck({ interval = ONE_HOUR }: { interval?: number }) {
  const notify = useNotify();
  useEffect(() => {
    const running = currentBuildId();
    if (!running) return;
    let told = false;
    const timer = window.setInterval(() => {
      if (told) return;
      fetch('/index.html', { cache: 'no-cache', credentials: 'omit' })
        .then((res) => (res.ok ? res.text() : null))
        .then((html) => {
          const deployed = html ? buildIdOf(html) : null;
          if (deployed && deployed !== running && !told) {
            told = true;
            notify(<ApplicationUpdatedNotification />, { type: 'info', autoHideDuration: null });
          }
        })
        .catch(() => {
          // Offline or the server restarting: the next check tries again.
        });
    }, interval);
    return () => window.clearInterval(timer);
  }, [interval, notify]);
  return null;
}
