import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { toast } from './toastSpy';
import { screenWaitMs } from './waits';

// `findBy*` and `waitFor` wait until their condition holds, for at most this long. Testing Library's
// default (1 s) and vitest's test timeout (5 s) were exceeded by first renders of react-admin screens
// on a loaded 2-core machine (the DashboardTab, team and auth screens failed there, and passed when
// run again): the waits end as soon as the screen shows what they look for, so only a screen that
// never shows it takes the whole time (src/test/waits.ts).
configure({ asyncUtilTimeout: screenWaitMs() });

afterEach(() => {
  cleanup();
  toast.mockClear();
});
