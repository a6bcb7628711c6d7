import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // `npm test` runs these at nice 10 beside the backend and browser suites: the limits are for a hang.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
