// Scale: the same endpoints for a small and a large company, through the local API over HTTP, with
// DynamoDB items read per request; and the naive Scan-and-filter baseline in the same run.
import { createServer, type Server } from 'node:http';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../functions/data/client';
import { createSession } from '../functions/data/repositories/sessions';
import { SESSION_COOKIE } from '../functions/lib/cookies';
import { handleApiRequest } from '../local/api-adapter';
import { installItemsReadCounter, takeItemsRead } from './items-read';
import { seedScaleCompany, type ScaleCompany } from './seed-scale';

export const ENDPOINTS = [
  { name: 'dashboard metrics', path: '/api/dashboard/metrics' },
  { name: 'tasks, first page', path: '/api/tasks' },
  { name: 'recent tasks', path: '/api/tasks/recent' },
  { name: 'upcoming check-ins', path: '/api/reservations/upcoming' },
  { name: 'properties + plan usage', path: '/api/properties', extra: '/api/companies' },
  { name: 'team top performers', path: '/api/team/top-performers' },
] as const;

export interface ScaleRow {
  endpoint: string;
  small: { p50: number; p95: number; items: number };
  large: { p50: number; p95: number; items: number };
  naive: { small: { p50: number; items: number }; large: { p50: number; items: number } };
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

export async function startApiServer(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => void handleApiRequest(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, server };
}

export async function cookieFor(company: ScaleCompany): Promise<string> {
  const session = await createSession({ userId: company.ceo.id, companyId: company.companyId, email: company.ceo.email, role: 'ceo' });
  return `${SESSION_COOKIE}=${session.sid}`;
}

/** One request of an endpoint (its paths in turn): milliseconds and DynamoDB items read. */
async function timeOnce(url: string, cookie: string, paths: string[]): Promise<{ ms: number; items: number }> {
  takeItemsRead();
  const started = performance.now();
  for (const path of paths) {
    const response = await fetch(url + path, { headers: { cookie } });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    await response.arrayBuffer();
  }
  const ms = performance.now() - started;
  return { ms, items: takeItemsRead() };
}

/**
 * The two companies measured in alternation (small, large, large, small, …) after 3 unrecorded
 * rounds, so a slow stretch of the machine or of the stand-in's JVM lands on both alike instead of
 * on whichever company happened to be measured then.
 */
async function measurePair(url: string, cookies: { small: string; large: string }, paths: string[], iterations: number) {
  const samples = { small: [] as number[], large: [] as number[] };
  const items = { small: 0, large: 0 };
  for (let i = 0; i < iterations + 3; i++) {
    const order: Array<'small' | 'large'> = i % 2 === 0 ? ['small', 'large'] : ['large', 'small'];
    for (const company of order) {
      const { ms, items: read } = await timeOnce(url, cookies[company], paths);
      if (i < 3) continue;
      samples[company].push(ms);
      items[company] = Math.max(items[company], read);
    }
  }
  const summary = (company: 'small' | 'large') => ({ p50: percentile(samples[company], 50), p95: percentile(samples[company], 95), items: items[company] });
  return { small: summary('small'), large: summary('large') };
}

/** The naive implementation: Scan the table, keep the company's items (then filter and sort in memory). */
async function naiveRead(companyId: string): Promise<number> {
  let items = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `COMPANY#${companyId}` },
        ExclusiveStartKey: start,
      }),
    );
    items += page.ScannedCount ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

async function measureNaive(companyId: string, iterations: number) {
  const times: number[] = [];
  let items = 0;
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    items = await naiveRead(companyId);
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), items };
}

export interface ScaleOptions {
  smallTasks: number;
  largeTasks: number;
  iterations: number;
  naiveIterations: number;
  /** Properties of the small company (the 20 is less than one page of 25). */
  smallProperties?: number;
  log?: (line: string) => void;
}

export async function runScale(options: ScaleOptions): Promise<ScaleRow[]> {
  installItemsReadCounter();
  const log = options.log ?? (() => undefined);
  log(`seeding a company with ${options.smallTasks} tasks and one with ${options.largeTasks} tasks ...`);
  const started = Date.now();
  const small = await seedScaleCompany('Small Stays', { tasks: options.smallTasks, properties: options.smallProperties ?? 20, members: 8 });
  const large = await seedScaleCompany('Large Stays', { tasks: options.largeTasks, properties: Math.max(20, Math.round(options.largeTasks / 50)), members: 8 });
  log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const { url, server } = await startApiServer();
  try {
    const [smallCookie, largeCookie] = await Promise.all([cookieFor(small), cookieFor(large)]);
    const naive = { small: await measureNaive(small.companyId, options.naiveIterations), large: await measureNaive(large.companyId, options.naiveIterations) };
    const rows: ScaleRow[] = [];
    for (const endpoint of ENDPOINTS) {
      const paths = 'extra' in endpoint ? [endpoint.path, endpoint.extra] : [endpoint.path];
      rows.push({ endpoint: endpoint.name, ...(await measurePair(url, { small: smallCookie, large: largeCookie }, paths, options.iterations)), naive });
    }
    return rows;
  } finally {
    server.close();
  }
}
