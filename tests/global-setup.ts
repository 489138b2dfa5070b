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

/**
 * The stand-ins on free ports, up to three tries. `npm test` starts two sets at once (one per Jest
 * project), and a port found free can be taken by the other set's child before this one's binds it
 * (CI once saw the SES stand-in exit with "Server does not have an address"); startLocalStack stops
 * whatever it started when one fails, and the next try picks other ports.
 */
async function startWithRetries(): Promise<LocalStack> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startLocalStack({ dataDir: '.test-data', inMemory: true, ephemeralPorts: true });
    } catch (error) {
      if (attempt >= 3) throw error;
      process.stdout.write(`\nLocal stand-ins failed to start (try ${attempt} of 3), trying again on other ports: ${(error as Error).message.split('\n').slice(0, 2).join(' ')}\n`);
    }
  }
}

export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const stack = await startWithRetries();
  globalThis.__RENTALOPS_STACK__ = stack;
  const env = { ...TEST_ENV_DEFAULTS, ...stack.env, RENTALOPS_TEST_RUN_DIR: TEST_RUN_DIR };
  Object.assign(process.env, env);
  mkdirSync(path.dirname(TEST_ENV_FILE), { recursive: true });
  writeFileSync(TEST_ENV_FILE, JSON.stringify(env, null, 2));
  process.stdout.write(`\nLocal stand-ins up in ${Date.now() - started} ms\n`);
}
