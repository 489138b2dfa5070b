import path from 'node:path';

/**
 * One directory per test run (the Jest parent's pid, handed to the workers through the environment
 * by tests/global-setup.ts), so two runs in one checkout never read each other's stand-ins or outbox.
 */
export const TEST_RUN_DIR = process.env.RENTALOPS_TEST_RUN_DIR ?? path.resolve(process.cwd(), '.test-data', `run-${process.pid}`);
export const TEST_ENV_FILE = path.join(TEST_RUN_DIR, 'env.json');

/** Configuration the handlers need in tests beyond the stand-ins' endpoints. */
export const TEST_ENV_DEFAULTS: Record<string, string> = {
  MASTER_EMAIL: 'master@rentalops.test',
  COOKIE_SECURE: 'false',
  APP_URL: 'http://localhost:3000',
  LOG_LEVEL: 'SILENT',
  POWERTOOLS_DEV: 'false',
  // Domain events through the in-process bus (the same handlers EventBridge rules call in AWS),
  // SMS into the dev outbox file, and SMTP connection tests allowed to reach 127.0.0.1.
  EVENTS_MODE: 'inline',
  SMS_MODE: 'outbox',
  OUTBOX_DIR: path.join(TEST_RUN_DIR, 'outbox'),
  SMTP_ALLOW_PRIVATE_HOSTS: 'true',
};
