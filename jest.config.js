// Two projects: `api` (handlers, data layer, rules, infra: against the local stand-ins started once
// in globalSetup) and `browser` (Chromium through playwright-core against the full local product).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const common = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  // ESM-only packages are transformed too.
  transformIgnorePatterns: ['/node_modules/(?!(jose|@middy)/)'],
  moduleNameMapper: {
    '^#shared/(.*)$': '<rootDir>/shared/$1',
    '^#functions/(.*)$': '<rootDir>/functions/$1',
    '^#icons/(.*)$': '<rootDir>/frontend/src/icons/$1',
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  // Packages fetched from the registry (scripts/registry-packages.cjs: a jar and a 4.8 MB script) and
  // the bench's own install (bench/tools: Lighthouse): no module of ours, nothing for Jest to crawl.
  modulePathIgnorePatterns: ['<rootDir>/.cache/', '<rootDir>/bench/tools/'],
};

export default {
  globalSetup: '<rootDir>/tests/global-setup.ts',
  globalTeardown: '<rootDir>/tests/global-teardown.ts',
  // Jest's order, but the files whose cost grows with the companies created before them first.
  testSequencer: '<rootDir>/tests/support/sequencer.mjs',
  testTimeout: 30_000,
  projects: [
    {
      ...common,
      displayName: 'api',
      // Node's, telling tests/load-env.ts whether the file can reach a port of the functions.
      testEnvironment: '<rootDir>/tests/support/test-environment.ts',
      testMatch: ['<rootDir>/{shared,functions,local,events,infra,tests,bench}/**/*.test.ts', '<rootDir>/frontend/src/**/*.test.ts', '<rootDir>/frontend/build/**/*.test.ts'],
      setupFiles: ['<rootDir>/tests/load-env.ts'],
    },
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/e2e/**/*.test.ts'],
      setupFiles: ['<rootDir>/tests/load-env.ts'],
      // Each test's limit: 180 s (e2e/support/timeouts.ts).
      setupFilesAfterEnv: ['<rootDir>/e2e/support/timeouts.ts'],
    },
  ],
};
