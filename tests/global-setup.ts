// Starts the local stand-ins once for the whole test run (in memory, on free ports) and hands their
// endpoints to every worker through a file read by tests/load-env.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startLocalStack, type LocalStack } from '../local/stack';
import { TEST_ENV_FILE, TEST_ENV_DEFAULTS, TEST_RUN_DIR } from './support/test-env';

declare global {
  // eslint-disable-next-line no-var
  var __RENTALOPS_STACK__: LocalStack | undefined;
}

export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const stack = await startLocalStack({ dataDir: '.test-data', inMemory: true, ephemeralPorts: true });
  globalThis.__RENTALOPS_STACK__ = stack;
  const env = { ...TEST_ENV_DEFAULTS, ...stack.env, RENTALOPS_TEST_RUN_DIR: TEST_RUN_DIR };
  Object.assign(process.env, env);
  mkdirSync(path.dirname(TEST_ENV_FILE), { recursive: true });
  writeFileSync(TEST_ENV_FILE, JSON.stringify(env, null, 2));
  process.stdout.write(`\nLocal stand-ins up in ${Date.now() - started} ms\n`);
}
