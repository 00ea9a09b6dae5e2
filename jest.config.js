/**
 * One project per part, so each runs alone (`npx jest --selectProjects stock`) and none waits for
 * the stack unless it needs it:
 * - shared, gateway, catalog, locations, stock, notifications: the code next to it. Pure code
 *   (domain/, most of shared/) has unit tests with no I/O; a service's use cases have tests on a
 *   world of their own (test/support/service-world.ts: a fresh database and vhost, the service
 *   in-process, no HTTP) that run in seconds;
 * - component: test/** against one shared stack (every process, over HTTP) started by the global setup;
 * - faults: test/faults/**; each file starts (and breaks) a stack of its own behind TCP proxies.
 * Jest runs TypeScript through SWC (no type checking here; `npm run typecheck` does that).
 */
const base = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['@swc/jest'] },
  testMatch: ['**/*.test.ts'],
};

/** The projects of the code itself, in the order the test script names them. */
const PARTS = {
  shared: '<rootDir>/shared',
  gateway: '<rootDir>/gateway',
  catalog: '<rootDir>/services/catalog',
  locations: '<rootDir>/services/locations',
  stock: '<rootDir>/services/stock',
  notifications: '<rootDir>/services/notifications',
};

module.exports = {
  // Two cores: one worker per core. Each fault file brings five processes of its own.
  maxWorkers: 2,
  testTimeout: 30000,
  projects: [
    ...Object.entries(PARTS).map(([displayName, root]) => ({ ...base, displayName, roots: [root] })),
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
