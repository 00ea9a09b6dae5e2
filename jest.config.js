/** Jest runs TypeScript through SWC (no type checking here; `npm run typecheck` does that). */
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['@swc/jest'] },
  roots: ['<rootDir>/shared', '<rootDir>/gateway', '<rootDir>/services', '<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  setupFilesAfterEnv: ['<rootDir>/test/support/setup-after-env.ts'],
  testTimeout: 30000,
  maxWorkers: 2,
};
