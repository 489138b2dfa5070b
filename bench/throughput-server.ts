// The throughput section's server, in a process of its own (started by throughput.ts): a fresh local
// stack holding only the throughput company, and the local API server, as a deployed function would
// run: no bench counters on its DynamoDB clients, and a stand-in whose JVM has not first held the
// scale section's 100,000-task company and served its minute-long Scans.
// Prints one JSON line { url, cookie } when ready; stops when its standard input closes.
import { startLocalStack } from '../local/stack';

const tasks = Number(process.argv[2] ?? 2_000);
const stack = await startLocalStack({ dataDir: '.bench', inMemory: true, ephemeralPorts: true, tuning: 'throughput' });
Object.assign(process.env, stack.env, { LOG_LEVEL: 'ERROR', COOKIE_SECURE: 'false' });
// Imported after the environment names the stand-ins.
const { seedScaleCompany } = await import('./seed-scale');
const { startApiServer, cookieFor } = await import('./scale');

const company = await seedScaleCompany('Throughput Stays', { tasks, properties: 20, members: 8 });
const api = await startApiServer();
const cookie = await cookieFor(company);
process.stdout.write(JSON.stringify({ url: api.url, cookie }) + '\n');

const stop = async () => {
  api.server.close();
  await stack.stop();
  process.exit(0);
};
process.stdin.on('end', () => void stop());
process.stdin.on('close', () => void stop());
process.stdin.resume();
process.on('SIGTERM', () => void stop());
