import path from 'node:path';

export const TEST_ENV_FILE = path.resolve(process.cwd(), '.test-data', 'env.json');

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
  OUTBOX_DIR: path.resolve(process.cwd(), '.test-data', 'outbox'),
  SMTP_ALLOW_PRIVATE_HOSTS: 'true',
};
