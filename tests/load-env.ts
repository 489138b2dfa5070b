import { existsSync, readFileSync } from 'node:fs';
import { TEST_ENV_FILE } from './support/test-env';

if (existsSync(TEST_ENV_FILE)) {
  Object.assign(process.env, JSON.parse(readFileSync(TEST_ENV_FILE, 'utf8')) as Record<string, string>);
}

// The tests' composition root, as local/start.ts is npm start's: domain events through the
// in-process bus, SMS into the dev outbox. Required after the environment is set (the modules read
// it when they load, e.g. LOG_LEVEL).
// In the API project only for a test file that can reach a port (tests/support/test-environment.ts
// says which: the others, frontend, shared and infra files, spare the 1.5 s of loading the graph).
if ((globalThis as { __RENTALOPS_REACHES_PORTS__?: boolean }).__RENTALOPS_REACHES_PORTS__ !== false) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require('../local/ports') as typeof import('../local/ports')).configureLocalPorts();
}
