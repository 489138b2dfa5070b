// Scheduled jobs by hand (local only): GET /api/dev/jobs lists them, POST /api/dev/jobs/{name} runs
// one as its schedule would at the instant given, over HTTP as `npm start` mounts it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ROUTES } from '../functions/routes';
import { SCHEDULED_JOBS } from '../functions/event-handlers';
import { handleDevJobsRequest, parseRunBody } from './dev-jobs';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    void handleDevJobsRequest(req, res).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('/api/dev/jobs', () => {
  it('lists every scheduled job, and is not in the route table (never deployed)', async () => {
    const response = await fetch(`${base}/api/dev/jobs`);
    expect(response.status).toBe(200);
    const jobs = (await response.json()) as Array<{ name: string; schedule: string }>;
    expect(jobs.map((job) => job.name)).toEqual(SCHEDULED_JOBS.map((job) => job.handler));
    expect(jobs).toContainEqual(expect.objectContaining({ name: 'send-task-digests', schedule: 'rate(1 hour)' }));
    expect(ROUTES.some((route) => route.path.startsWith('/api/dev'))).toBe(false);
  });

  it('runs a job as its schedule would at the instant given', async () => {
    const response = await fetch(`${base}/api/dev/jobs/send-task-digests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ at: '2028-03-01T23:00:00Z' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      job: 'send-task-digests',
      at: '2028-03-01T23:00:00.000Z',
      payload: { time: '2028-03-01T23:00:00.000Z' },
      result: { queued: expect.any(Number), alreadySent: expect.any(Number) },
    });
  });

  it('runs the queued jobs the same way: each dispatcher answers what it queued', async () => {
    // An instant long past: nothing due, so the shared stand-ins of other test files are left alone.
    for (const job of ['send-trial-reminders', 'send-owner-reports', 'apply-due-downgrades']) {
      const response = await fetch(`${base}/api/dev/jobs/${job}`, { method: 'POST', body: JSON.stringify({ at: '2020-01-15T12:00:00Z' }) });
      expect({ job, status: response.status }).toEqual({ job, status: 200 });
      expect(((await response.json()) as { result: { queued: unknown } }).result.queued).toEqual(expect.any(Number));
    }
  });

  it('answers an unknown job 404, a bad instant 400, another site 403, a wrong method 405', async () => {
    const post = (path: string, body?: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { method: 'POST', body, headers });
    expect((await post('/api/dev/jobs/drop-tables')).status).toBe(404);
    for (const body of ['{"at":"tomorrow"}', '{"at":12}', 'not json', '[]', '{"at":"2028-02-30T25:00:00Z"}']) {
      const response = await post('/api/dev/jobs/send-task-digests', body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/at|JSON/);
    }
    expect((await post('/api/dev/jobs/send-task-digests', '', { origin: 'https://evil.example' })).status).toBe(403);
    expect((await fetch(`${base}/api/dev/jobs`, { method: 'DELETE' })).status).toBe(405);
    expect((await fetch(`${base}/api/dev/jobs/send-task-digests`)).status).toBe(405);
  });

  it('reads an empty body or a missing "at" as now', () => {
    const before = Date.now();
    expect(parseRunBody('').getTime()).toBeGreaterThanOrEqual(before);
    expect(parseRunBody('{}').getTime()).toBeGreaterThanOrEqual(before);
  });
});
