// The throughput section's server, in a process of its own (started by throughput.ts): a fresh local
// stack holding only the throughput company, and the local API server, as a deployed function would
// run: no bench counters on its DynamoDB clients, and a stand-in whose JVM has not first held the
// scale section's 100,000-task company and served its minute-long Scans.
// Beside it, the floor the issue 21 targets compare with: a bare Node HTTP server answering each
// request with one DynamoDB GetItem (the company item) on the same stand-in, no framework, no session.
// Prints one JSON line { url, cookie, floorUrl } when ready; stops when its standard input closes.
import { createServer } from 'node:http';
import { startLocalStack } from '../local/stack';

const tasks = Number(process.argv[2] ?? 2_000);
const stack = await startLocalStack({ dataDir: '.bench', inMemory: true, ephemeralPorts: true, tuning: 'throughput' });
Object.assign(process.env, stack.env, { LOG_LEVEL: 'ERROR', COOKIE_SECURE: 'false' });
// Imported after the environment names the stand-ins.
const { seedScaleCompany } = await import('./seed-scale');
const { startApiServer, cookieFor } = await import('./scale');

const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
const { db, tableName } = await import('../functions/data/client');
const { keys } = await import('../functions/data/keys');

const company = await seedScaleCompany('Throughput Stays', { tasks, properties: 20, members: 8 });
// The public API's calls (issue 39 point 6) with a key of the same company; its per-key rate limit
// is lifted, its call counter still written on every request as in AWS.
process.env.API_KEY_RATE_LIMIT = '100000000';
const api = await startApiServer();
const cookie = await cookieFor(company);
const { createApiKey } = await import('../functions/data/repositories/api-keys');
const { key: apiKey } = await createApiKey(company.companyId, { name: 'Bench', scopes: ['read'], expiresAt: null }, company.ceo.id);
const { listTasks } = await import('../functions/data/repositories/tasks');
const [someTask] = (await listTasks(company.companyId, { limit: 1 } as never)).items;
const floor = createServer((_req, res) => {
  db.send(new GetCommand({ TableName: tableName(), Key: keys.company(company.companyId) })).then(
    ({ Item }) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name: Item?.name ?? null }));
    },
    () => {
      res.writeHead(500);
      res.end();
    },
  );
});
await new Promise<void>((resolve) => floor.listen(0, '127.0.0.1', resolve));
const floorUrl = `http://127.0.0.1:${(floor.address() as { port: number }).port}`;
process.stdout.write(JSON.stringify({ url: api.url, cookie, floorUrl, apiKey, taskId: someTask.id }) + '\n');

const stop = async () => {
  api.server.close();
  floor.close();
  await stack.stop();
  process.exit(0);
};
process.stdin.on('end', () => void stop());
process.stdin.on('close', () => void stop());
process.stdin.resume();
process.on('SIGTERM', () => void stop());
