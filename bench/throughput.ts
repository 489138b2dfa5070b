// Throughput: autocannon against the local API server for a fixed duration.
import autocannon from 'autocannon';

export interface ThroughputRow {
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

export async function runThroughput(url: string, cookie: string, paths: string[], seconds: number): Promise<ThroughputRow[]> {
  const rows: ThroughputRow[] = [];
  for (const path of paths) {
    const result = await autocannon({ url: url + path, connections: 20, duration: seconds, headers: { cookie } });
    rows.push({
      path,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
    });
  }
  return rows;
}
