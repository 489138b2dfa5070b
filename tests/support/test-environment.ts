// The API project's test environment: Node's, plus one flag for tests/load-env.ts, set before the
// test file loads: whether the file can reach a port of the functions (tests/support/port-reach.ts),
// so that only those files load and configure the local stand-ins (local/ports.ts).
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import { TestEnvironment as NodeEnvironment } from 'jest-environment-node';
import { reachesPorts } from './port-reach';

/** The global tests/load-env.ts reads. */
export const REACHES_PORTS_KEY = '__RENTALOPS_REACHES_PORTS__';

export default class ApiTestEnvironment extends NodeEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    this.global[REACHES_PORTS_KEY] = reachesPorts(config.projectConfig.rootDir, context.testPath);
  }
}
