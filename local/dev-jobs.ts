// Scheduled jobs by hand, locally (issue 19 point 8): GET /api/dev/jobs lists the jobs of
// functions/event-handlers.ts (SCHEDULED_JOBS); POST /api/dev/jobs/{name} with an optional JSON body
// { "at": "<ISO instant>" } runs one now, with the payload its schedule would send at that instant
// ({ time: <at> }), so the evening digest or the check-in reminders can be seen in the dev outbox
// without waiting for the clock. Mounted by local/dev-server.ts beside the dev outbox: local only,
// never in the route table, so never deployed.
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { SCHEDULED_JOBS, type ScheduledJobDefinition } from '../functions/event-handlers';
import { apiRuntime, bundleRuntime } from './bundles/runtime';

export const DEV_JOBS_PATH = '/api/dev/jobs';

type JobHandler = (event: Record<string, string>) => Promise<unknown>;

export class DevJobError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function listJobs(jobs: readonly ScheduledJobDefinition[] = SCHEDULED_JOBS) {
  return jobs.map((job) => ({ name: job.handler, schedule: job.schedule, input: job.input, run: `POST ${DEV_JOBS_PATH}/${job.handler}` }));
}

/** The payload the schedule sends at `at` (EventBridge Scheduler replaces <aws.scheduler.scheduled-time>). */
export function jobPayload(job: ScheduledJobDefinition, at: Date): Record<string, string> {
  return Object.fromEntries(Object.entries(job.input).map(([name, value]) => [name, value.replace('<aws.scheduler.scheduled-time>', at.toISOString())]));
}

/** Runs one job now as its schedule would at `at` (default: now), and returns what its handler returned. */
export async function runJob(name: string, at: Date = new Date(), jobs: readonly ScheduledJobDefinition[] = SCHEDULED_JOBS) {
  const job = jobs.find((candidate) => candidate.handler === name);
  if (!job) throw new DevJobError(404, `No scheduled job named '${name}'. Jobs: ${jobs.map((j) => j.handler).join(', ')}`);
  let handler: JobHandler;
  if (apiRuntime() === 'bundles') {
    handler = bundleRuntime().handler(job.handler);
  } else {
    const module = (await import(path.resolve(process.cwd(), 'functions', 'handlers', `${job.handler}.ts`))) as { handler?: JobHandler };
    if (typeof module.handler !== 'function') throw new DevJobError(500, `functions/handlers/${job.handler}.ts does not export a handler`);
    handler = module.handler;
  }
  const payload = jobPayload(job, at);
  const result = await handler(payload);
  return { job: job.handler, at: at.toISOString(), payload, result };
}

/** `{ "at": "<ISO instant>" }`, or an empty body (now). */
export function parseRunBody(text: string): Date {
  if (!text.trim()) return new Date();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new DevJobError(400, 'Send a JSON body: { "at": "<ISO instant>" } (or none, for now)');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new DevJobError(400, 'Send a JSON object: { "at": "<ISO instant>" }');
  const at = (body as { at?: unknown }).at;
  if (at === undefined || at === null) return new Date();
  const instant = typeof at === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(at) ? new Date(at) : new Date(Number.NaN);
  if (Number.isNaN(instant.getTime())) throw new DevJobError(400, `"at" must be an ISO instant, e.g. 2026-03-14T22:00:00Z; got ${JSON.stringify(at)}`);
  return instant;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function readText(req: IncomingMessage, limit = 10_000): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new DevJobError(413, 'Body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A page of another site must not run jobs through the visitor's browser. */
function crossSite(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (!origin) return req.headers['sec-fetch-site'] === 'cross-site';
  try {
    return new URL(origin).host !== req.headers.host;
  } catch {
    return true;
  }
}

/** Handles /api/dev/jobs[/{name}]; false for any other path. */
export async function handleDevJobsRequest(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  if (pathname !== DEV_JOBS_PATH && !pathname.startsWith(`${DEV_JOBS_PATH}/`)) return false;
  try {
    if (pathname === DEV_JOBS_PATH || pathname === `${DEV_JOBS_PATH}/`) {
      if (req.method !== 'GET') throw new DevJobError(405, 'Use GET to list the jobs');
      send(res, 200, listJobs());
      return true;
    }
    if (req.method !== 'POST') throw new DevJobError(405, `Use POST to run a job`);
    if (crossSite(req)) throw new DevJobError(403, 'Jobs run only from this machine');
    const name = decodeURIComponent(pathname.slice(DEV_JOBS_PATH.length + 1));
    send(res, 200, await runJob(name, parseRunBody(await readText(req))));
  } catch (error) {
    if (error instanceof DevJobError) send(res, error.status, { message: error.message });
    else send(res, 500, { message: `The job failed: ${(error as Error).message}` });
  }
  return true;
}
