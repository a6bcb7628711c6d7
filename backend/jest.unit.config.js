import base from './jest.config.js';

/**
 * The unit tier (`npm run test:unit`): the `*.spec.ts` files under src/ and test/unit/, with nothing
 * running (no Postgres, Redis or browser: the global setup that checks for them is left out). Fakes of
 * the repositories and the Faire client live in test/fakes/.
 */
export default {
  ...base,
  roots: ['<rootDir>/src', '<rootDir>/test/unit'],
  testRegex: '.*\\.spec\\.ts$',
  globalSetup: undefined,
  globalTeardown: undefined,
  testSequencer: undefined,
};
