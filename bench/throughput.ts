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
  const { url, cookie } = JSON.parse(firstLine) as { url: string; cookie: string };
  return {
    url,
    cookie,
    async stop() {
      child.stdin.end();
      await exited;
    },
  };
}

export async function runThroughput(url: string, cookie: string, paths: string[], seconds: number, connections = 20): Promise<ThroughputRow[]> {
  const rows: ThroughputRow[] = [];
  const autocannon = async (target: string, duration: number) => {
    const args = [AUTOCANNON, '--json', '--connections', String(connections), '--duration', String(duration), '--headers', `cookie=${cookie}`, url + target];
    const { stdout } = await run(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
    return JSON.parse(stdout) as AutocannonJson;
  };
  for (const target of paths) {
    // Unrecorded warm-up, twice as long as the measurement: the figures are for a warm server, as a
    // Lambda serving steady traffic is (JIT-compiled handlers, open connections), and for a warm
    // DynamoDB Local: its JVM keeps compiling for about 40 s of traffic (successive 10 s runs of the
    // tasks page measured 977, 1,072 and 1,179 req/s), a warm-up AWS's DynamoDB does not have.
    await autocannon(target, seconds * 2);
    const result = await autocannon(target, seconds);
    rows.push({
      path: target,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
    });
  }
  return rows;
}
