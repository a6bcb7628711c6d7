import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // The property sweeps are processor work only; `npm test` runs them at nice 10 beside the backend
    // and browser suites, where one sweep of a few seconds alone took 5.6 s. The limit is for a hang.
    testTimeout: 60_000,
  },
});
