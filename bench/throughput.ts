// Throughput: autocannon against the local API server for a fixed duration. autocannon runs in its
// own process, so the load generator does not share the server's event loop.
import { execFile } from 'node:child_process';
import path from 'node:path';
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
