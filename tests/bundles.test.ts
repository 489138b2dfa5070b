// The bundles `cdk synth` uploads, run as Lambda runs them (local/bundles/runtime.ts: a worker per
// function, the stack's environment, the SDK from node_modules), against their TypeScript modules:
// a walk of the route table calls every route through its bundle and through its module with the
// same request, and fails naming each route whose bundle does not load or answers differently
// (another status, or another shape of body: the same keys and types, values aside). Then every other
// function the stack builds (event handlers, queue workers, scheduled jobs, the outbox relay) must load.
// docs/bundles.md.
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ROUTES, routeKey, type RouteDefinition } from '../functions/routes';
import { findUserByEmail } from '../functions/data/repositories/users';
import { createSession } from '../functions/data/repositories/sessions';
import { SESSION_COOKIE } from '../functions/lib/cookies';
import { pathParameterNames } from '../shared/ids';
import { buildEvent, loadHandler } from '../local/api-adapter';
import { runAsRoute } from '../local/permission-guard';
import { BundleRuntime } from '../local/bundles/runtime';
import { prepareBundles } from '../local/bundles/prepare';
import { functionNames } from '../local/bundles/sources';
import { DEMO_ACCOUNTS, seedDemoData } from '../local/seed';
import { createTestCompany, signIn, type TestCompany } from './support/fixtures';

const FAKE_ID = '01JDEMO0000000000000000000';
const LANGUAGE = { 'accept-language': 'es' };

interface Answer {
  status: number;
  shape: unknown;
  text: string;
  body?: unknown;
}

type Shape = string | Shape[] | { [key: string]: Shape };

/** Two shapes as one: an object's keys and an array's items merged, values' types joined ('null|string'). */
function merge(a: Shape | undefined, b: Shape): Shape {
  if (a === undefined) return b;
  if (Array.isArray(a) && Array.isArray(b)) return a.length && b.length ? [merge(a[0], b[0])] : a.length ? a : b;
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const merged: Record<string, Shape> = {};
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) merged[key] = key in a && key in b ? merge(a[key], b[key]) : (a[key] ?? b[key]);
    return merged;
  }
  if (typeof a === 'string' && typeof b === 'string') return [...new Set([...a.split('|'), ...b.split('|')])].sort().join('|');
  return `${JSON.stringify(a)}|${JSON.stringify(b)}`;
}

/**
 * A body's shape: an object's keys (sorted) with their shapes, an array's items merged into one, a
 * value's type. Values (ids, times) and the order of a list's items aside, bundle and module must agree.
 */
function shapeOf(value: unknown): Shape {
  if (Array.isArray(value)) return value.length ? [value.map(shapeOf).reduce<Shape | undefined>((all, item) => merge(all, item), undefined)!] : [];
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]));
  return value === null ? 'null' : typeof value;
}

function answerOf(result: APIGatewayProxyStructuredResultV2 | string | undefined): Answer {
  if (typeof result === 'string' || result === undefined) return { status: 200, shape: 'text', text: String(result) };
  const text = result.body ?? '';
  const type = String(Object.entries(result.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '');
  let shape: unknown = result.isBase64Encoded ? `binary ${type}` : `text ${type}`;
  let body: unknown;
  if (!result.isBase64Encoded && /json/.test(type)) {
    try {
      body = text ? JSON.parse(text) : undefined;
      shape = shapeOf(body);
    } catch {
      shape = 'invalid JSON';
    }
  }
  const location = Object.entries(result.headers ?? {}).find(([name]) => name.toLowerCase() === 'location')?.[1];
  if (location) shape = { location: String(location).replace(/[?#].*$/, '') };
  return { status: result.statusCode ?? 200, shape, text: text.slice(0, 300), body };
}

/** The first `id` (or `<x>Id`) a body holds, depth first: how the walk finds real ids for the paths. */
function firstId(value: unknown, name: string): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstId(item, name);
      if (found) return found;
    }
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record[name] === 'string') return record[name] as string;
  if (typeof record.id === 'string') return record.id;
  for (const child of Object.values(record)) {
    const found = firstId(child, name);
    if (found) return found;
  }
  return undefined;
}

const sampleParam = (name: string) => (name === 'date' ? '2026-01-05' : name === 'shift' ? 'morning' : name === 'calendarFile' ? `${FAKE_ID}.ics` : FAKE_ID);

interface Request {
  path: string;
  body?: string;
  cookie?: string;
}

describe('the bundles cdk synth uploads, against their modules', () => {
  const runtime = new BundleRuntime(16);
  const bundled = new Set<string>();
  const mismatches: string[] = [];
  let demoCookie: () => Promise<string>;
  let bundleSide: TestCompany;
  let moduleSide: TestCompany;
  const harvested = new Map<string, string>();
  let walkMs = 0;

  beforeAll(async () => {
    const started = Date.now();
    const prepared = prepareBundles();
    process.stdout.write(`Bundles: ${Object.keys(prepared.manifest.functions).length} functions, ${prepared.built ? `built in ${prepared.ms} ms` : `reused (built in ${prepared.manifest.buildMs} ms)`}; ready in ${Date.now() - started} ms\n`);
    await seedDemoData();
    const ceo = (await findUserByEmail(DEMO_ACCOUNTS[0].email))!;
    demoCookie = async () => `${SESSION_COOKIE}=${(await createSession({ userId: ceo.id, companyId: ceo.companyId, email: ceo.email, role: ceo.role })).sid}`;
    [bundleSide, moduleSide] = await Promise.all([createTestCompany({ name: 'Bundle Side' }), createTestCompany({ name: 'Module Side' })]);
  }, 600_000);

  afterAll(async () => {
    await runtime.stop();
  });

  async function call(route: RouteDefinition, request: Request, through: 'bundle' | 'module'): Promise<Answer> {
    const headers: Record<string, string> = { host: 'localhost:3000', ...LANGUAGE };
    if (request.cookie) headers.cookie = request.cookie;
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    const req = { method: route.method, url: request.path, headers, socket: { remoteAddress: '127.0.0.1' } } as never;
    const event = buildEvent(req, Buffer.from(request.body ?? ''), route, paramsOf(route, request.path));
    try {
      if (through === 'bundle') {
        bundled.add(route.handler);
        return answerOf(await runtime.handler(route.handler)(event, { awsRequestId: event.requestContext.requestId }));
      }
      const handler = await loadHandler(route.handler);
      return answerOf(await runAsRoute(route, () => handler(event, { awsRequestId: event.requestContext.requestId } as never)));
    } catch (error) {
      return { status: -1, shape: `threw ${(error as Error).name}`, text: (error as Error).message.slice(0, 300) };
    }
  }

  function paramsOf(route: RouteDefinition, path: string): Record<string, string> {
    const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    const pattern = new RegExp(`^${route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '([^/]+)')}$`);
    const values = pattern.exec(path)?.slice(1) ?? [];
    return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(values[i] ?? '')]));
  }

  /** Keeps the first id a list route's answer holds, for the item routes under the same path segment. */
  function harvest(route: RouteDefinition, body: unknown): void {
    if (pathParameterNames(route.path).length || body === undefined) return;
    const segment = route.path.split('/')[2];
    for (const other of ROUTES.filter((candidate) => candidate.method === 'GET' && candidate.path.split('/')[2] === segment)) {
      for (const name of pathParameterNames(other.path)) {
        const id = firstId(body, name);
        if (id && !harvested.has(`${segment}:${name}`)) harvested.set(`${segment}:${name}`, id);
      }
    }
  }

  function fill(route: RouteDefinition, real: boolean): string {
    const segment = route.path.split('/')[2];
    return pathParameterNames(route.path).reduce((path, name) => path.replace(`{${name}}`, (real && name !== 'date' && name !== 'shift' && harvested.get(`${segment}:${name}`)) || sampleParam(name)), route.path);
  }

  function compare(route: RouteDefinition, what: string, bundle: Answer, module: Answer): void {
    if (bundle.status === module.status && JSON.stringify(bundle.shape) === JSON.stringify(module.shape)) return;
    mismatches.push(
      `${routeKey(route)} (${route.handler}), ${what}: bundle ${bundle.status} ${JSON.stringify(bundle.shape)} ${bundle.status >= 500 || bundle.status < 0 ? bundle.text : ''}\n    module ${module.status} ${JSON.stringify(module.shape)}`,
    );
  }

  it('answers every route from its bundle as from its module (status and body shape)', async () => {
    const started = Date.now();
    // Reads on the demo company's data, list routes first: they give the ids the item routes then
    // read. Writes: each side on a company of its own (the same state before each call) with a body
    // the route refuses if it reads one ('{}' fails its schema), or does what it does without one.
    // Then every route without a session, with malformed JSON. One route at a time, so each function
    // starts once (its cold start) and serves its requests warm.
    const order = [...ROUTES].sort((a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET') || pathParameterNames(a.path).length - pathParameterNames(b.path).length);
    // The next routes' functions start (their cold start, in their own threads) while this one is
    // called: still one cold start per function, each before its first call, but not waited for in
    // turn (about a third of the walk). A bundle that fails to load still fails its route's calls.
    const PREWARM = 2;
    const prewarm = (index: number) => {
      if (index < order.length) runtime.warm(order[index].handler).catch(() => undefined);
    };
    for (let index = 0; index < PREWARM; index++) prewarm(index);
    for (const [index, route] of order.entries()) {
      prewarm(index + PREWARM);
      if (route.method === 'GET') {
        const request = { path: fill(route, true), cookie: await demoCookie() };
        const module = await call(route, request, 'module');
        const bundle = await call(route, request, 'bundle');
        compare(route, `GET ${request.path} as the demo CEO`, bundle, module);
        harvest(route, module.body);
      } else {
        const path = fill(route, false);
        const bundle = await call(route, { path, body: '{}', cookie: await signIn(bundleSide.ceo.user) }, 'bundle');
        const module = await call(route, { path, body: '{}', cookie: await signIn(moduleSide.ceo.user) }, 'module');
        compare(route, `${route.method} ${path} {} as a CEO`, bundle, module);
      }
      const anonymous = { path: fill(route, false), body: route.method === 'GET' ? undefined : '{"a":' };
      compare(route, `${route.method} ${anonymous.path} without a session`, await call(route, anonymous, 'bundle'), await call(route, anonymous, 'module'));
    }
    walkMs = Date.now() - started;
    process.stdout.write(`Walk: ${ROUTES.length} routes, ${bundled.size} route functions through their bundles in ${walkMs} ms (${runtime.coldStarts.length} cold starts, median init ${median(runtime.coldStarts.map((c) => c.initMs)).toFixed(0)} ms)\n`);
    expect(ROUTES.map((route) => route.handler).filter((handler) => !bundled.has(handler))).toEqual([]);
    expect(mismatches).toEqual([]);
  }, 900_000);

  it('loads every other function the stack builds (event handlers, queue workers, jobs, outbox relay) from its bundle', async () => {
    const routeHandlers = new Set(ROUTES.map((route) => route.handler));
    const failed: string[] = [];
    for (const name of functionNames().filter((n) => !routeHandlers.has(n))) {
      try {
        await runtime.warm(name);
      } catch (error) {
        failed.push(`${name}: ${(error as Error).message}`);
      }
    }
    expect(failed).toEqual([]);
  }, 600_000);
});

function median(values: number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
