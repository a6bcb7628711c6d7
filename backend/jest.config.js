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
  // A worker's memory grows with every file it runs (each file's module graph stays behind: 1.4-2.5 GB
  // per worker by the end of a run here, most of its time then spent collecting garbage); a worker past
  // this after a file is replaced by a fresh one (decision 0057).
  workerIdleMemoryLimit: '900MB',
};
