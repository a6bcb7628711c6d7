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
  // The shared rules from their source, not their build: a build running beside the tier rewrites
  // dist/ (it failed once mid-write). Decision 0061.
  moduleNameMapper: {
    ...base.moduleNameMapper,
    '^@portal/shipment-rules$': '<rootDir>/../libs/shipment-rules/src/index.ts',
  },
  globalSetup: undefined,
  globalTeardown: undefined,
  testSequencer: undefined,
};
