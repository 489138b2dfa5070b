import { existsSync, readFileSync } from 'node:fs';
import { TEST_ENV_FILE } from './support/test-env';

if (existsSync(TEST_ENV_FILE)) {
  Object.assign(process.env, JSON.parse(readFileSync(TEST_ENV_FILE, 'utf8')) as Record<string, string>);
}
