// Throughput: autocannon against the local API server for a fixed duration. autocannon runs in its
// own process, so the load generator does not share the server's event loop.
import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';

const run = promisify(execFile);
const AUTOCANNON = path.resolve('node_modules', 'autocannon', 'autocannon.js');

export interface ThroughputRow {
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** The floor's requests/s in the same rounds (a bare server, one GetItem per request). */
  floorRequestsPerSecond: number;
  /** requestsPerSecond ÷ floorRequestsPerSecond, the mean of the rounds' ratios. */
  ratio: number;
}

interface AutocannonJson {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
}

export interface ThroughputServer {
  url: string;
  cookie: string;
  /** A read key of the same company, for the public API's rows (Authorization: Bearer). */
  apiKey: string;
  /** One of the company's tasks (a read of one task). */
  taskId: string;
  /** The floor: a bare HTTP server answering with one GetItem per request. */
  floorUrl: string;
  stop(): Promise<void>;
}

/**
 * The API server and a stand-in of its own in a child process (throughput-server.ts), seeded with a
 * company of `tasks` tasks, and a session cookie of its CEO.
 */
export async function startThroughputServer(tasks: number): Promise<ThroughputServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('bench', 'throughput-server.ts'), String(tasks)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the throughput server exited (${code}) before it was ready`)));
  });
  const { url, cookie, floorUrl, apiKey, taskId } = JSON.parse(firstLine) as { url: string; cookie: string; floorUrl: string; apiKey: string; taskId: string };
  return {
    url,
    cookie,
    apiKey,
    taskId,
    floorUrl,
    async stop() {
      child.stdin.end();
      await exited;
    },
  };
}

/**
 * Each endpoint against the floor in alternating rounds (floor, endpoint, floor, endpoint…), so both
 * see the same machine at the same moments; the ratio is the mean of the rounds' ratios.
 */
export async function runThroughput(server: Pick<ThroughputServer, 'url' | 'cookie' | 'floorUrl' | 'apiKey'>, paths: string[], seconds: number, connections = 20, rounds = 3): Promise<ThroughputRow[]> {
  const rows: ThroughputRow[] = [];
  const autocannon = async (target: string, duration: number) => {
    // The app's routes with the session cookie, the public API's with the key (and no cookie).
    const credential = target.includes('/api/v1/') ? `authorization=Bearer ${server.apiKey}` : `cookie=${server.cookie}`;
    const args = [AUTOCANNON, '--json', '--connections', String(connections), '--duration', String(duration), '--headers', credential, target];
    const { stdout } = await run(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
    return JSON.parse(stdout) as AutocannonJson;
  };
  const floor = `${server.floorUrl}/`;
  // Unrecorded warm-up of the floor: its first requests pay for the DynamoDB client's connections.
  await autocannon(floor, seconds);
  for (const target of paths) {
    // Unrecorded warm-up, twice as long as a round: the figures are for a warm server, as a Lambda
    // serving steady traffic is (JIT-compiled handlers, open connections), and for a warm DynamoDB
    // Local: its JVM keeps compiling for about 40 s of traffic, a warm-up AWS's DynamoDB does not have.
    await autocannon(server.url + target, seconds * 2);
    const measured: AutocannonJson[] = [];
    const floors: AutocannonJson[] = [];
    for (let round = 0; round < rounds; round++) {
      floors.push(await autocannon(floor, seconds));
      measured.push(await autocannon(server.url + target, seconds));
    }
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    rows.push({
      path: target,
      requestsPerSecond: mean(measured.map((result) => result.requests.average)),
      p50: Math.max(...measured.map((result) => result.latency.p50)),
      p99: Math.max(...measured.map((result) => result.latency.p99)),
      errors: [...measured, ...floors].reduce((sum, result) => sum + result.errors + result.non2xx, 0),
      floorRequestsPerSecond: mean(floors.map((result) => result.requests.average)),
      ratio: mean(measured.map((result, round) => result.requests.average / floors[round].requests.average)),
    });
  }
  return rows;
}
