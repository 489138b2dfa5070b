import { rmSync } from 'node:fs';
import { TEST_RUN_DIR } from './support/test-env';

export default async function globalTeardown(): Promise<void> {
  await globalThis.__RENTALOPS_STACK__?.stop();
  rmSync(TEST_RUN_DIR, { recursive: true, force: true });
}
