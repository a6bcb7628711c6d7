/** Jest runs the backend suites as native ES modules (NestJS 12 is ESM-only). */
export default {
  moduleFileExtensions: ['js', 'json', 'ts'],
  rootDir: '.',
  testRegex: '.*\\.(spec|e2e-spec)\\.ts$',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': [
      'ts-jest',
      { useESM: true, tsconfig: 'tsconfig.json', diagnostics: { ignoreCodes: ['TS151001'] } },
    ],
  },
  globalSetup: './test/global-setup.ts',
  globalTeardown: './test/global-teardown.ts',
  testSequencer: './test/slow-first.sequencer.js',
  testTimeout: 30000,
};
