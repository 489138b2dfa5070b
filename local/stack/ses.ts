import os from 'node:os';
import path from 'node:path';
import { childEnv, httpOk, spawnManaged, waitUntilReady, type ManagedProcess } from './process';

/**
 * aws-ses-v2-local as a child process on 127.0.0.1. Handles SES v1 SendEmail / SendRawEmail and the
 * v2 API; GET /store lists sent mail as JSON, GET / is a small web outbox. Its store is in memory:
 * mail is gone after a restart.
 */
export async function startSes(options: {
  port: number;
  log: (line: string) => void;
}): Promise<{ process: ManagedProcess; endpoint: string; storeUrl: string }> {
  const cli = path.join(process.cwd(), 'node_modules', 'aws-ses-v2-local', 'dist', 'cli.js');
  const child = spawnManaged({
    name: 'SES stand-in (aws-ses-v2-local)',
    command: process.execPath,
    args: [cli, '--host', '127.0.0.1', '--port', String(options.port)],
    cwd: os.tmpdir(),
    env: childEnv({}),
  });
  const endpoint = `http://127.0.0.1:${options.port}`;
  const storeUrl = `${endpoint}/store`;
  try {
    await waitUntilReady({
      name: `SES stand-in (port ${options.port})`,
      process: child,
      timeoutMs: 20_000,
      probe: () => httpOk(storeUrl),
    });
  } catch (error) {
    await child.stop(1000);
    throw error;
  }
  child.watchForUnexpectedExit(options.log);
  return { process: child, endpoint, storeUrl };
}
