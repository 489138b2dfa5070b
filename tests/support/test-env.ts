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
  // The dev outbox's folder (SMS through local/ports.ts's stand-in; domain events go through the
  // in-process bus it configures too), and SMTP connection tests allowed to reach 127.0.0.1.
  OUTBOX_DIR: path.join(TEST_RUN_DIR, 'outbox'),
  SMTP_ALLOW_PRIVATE_HOSTS: 'true',
};
