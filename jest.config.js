/**
 * Three projects, so each kind of test can run alone (`npx jest --selectProjects unit`):
 * - unit: pure code next to it (shared/, gateway/, services/); no stack, answers in seconds;
 * - component: test/** against one shared stack started by the global setup;
 * - faults: test/faults/**; each file starts (and breaks) a stack of its own behind TCP proxies.
 * Jest runs TypeScript through SWC (no type checking here; `npm run typecheck` does that).
 */
const base = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['@swc/jest'] },
  testMatch: ['**/*.test.ts'],
};

module.exports = {
  // Two cores: one worker per core. Each fault file brings four processes of its own.
  maxWorkers: 2,
  testTimeout: 30000,
  projects: [
    {
      ...base,
      displayName: 'unit',
      roots: ['<rootDir>/shared', '<rootDir>/gateway', '<rootDir>/services'],
    },
    {
      ...base,
      displayName: 'component',
      roots: ['<rootDir>/test'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/faults/'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/support/setup-after-env.ts'],
    },
    {
      ...base,
      displayName: 'faults',
      roots: ['<rootDir>/test'],
      testMatch: ['<rootDir>/test/faults/**/*.test.ts'],
      // Jest takes testTimeout from the top level only; fault cases need longer.
      setupFilesAfterEnv: ['<rootDir>/test/support/setup-after-env.ts', '<rootDir>/test/faults/fault-timeout.ts'],
    },
  ],
};
