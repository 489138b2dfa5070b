// Turns a Node HTTP request into the API Gateway HTTP API (payload 2.0) event, calls the same
// handler module that runs in Lambda, and writes its result back, as API Gateway would.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { matchRoute, ROUTES, routeKey, type RouteDefinition } from '../functions/routes';
import { apiRuntime, bundleRuntime } from './bundles/runtime';
import { asRoute } from './permission-guard';

export type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml|javascript)|text\/)/i;
const MAX_BODY_BYTES = 10 * 1024 * 1024; // API Gateway's payload limit

const handlerCache = new Map<string, Promise<LambdaHandler>>();

/**
 * The route's handler: its TypeScript module (default), or under API_RUNTIME=bundles its bundle in
 * an execution environment of its own (local/bundles/runtime.ts, started on its first call).
 */
export function loadHandler(name: string): Promise<LambdaHandler> {
  if (apiRuntime() === 'bundles') return Promise.resolve(bundleRuntime().handler(name) as LambdaHandler);
  let loaded = handlerCache.get(name);
  if (!loaded) {
    const file = path.resolve(process.cwd(), 'functions', 'handlers', `${name}.ts`);
    loaded = import(file).then((module: { handler?: LambdaHandler }) => {
      if (typeof module.handler !== 'function') throw new Error(`${file} does not export a handler`);
      return module.handler;
    });
    handlerCache.set(name, loaded);
  }
  return loaded;
}

/**
 * Loads every route's handler, as a warm API has them: the bench and the tests that time a first
 * screen measure the site, not the local server's first import of each handler. A handler that does
 * not load fails here only when a route calls it.
 */
export async function loadAllHandlers(): Promise<void> {
  if (apiRuntime() === 'bundles') {
    const runtime = bundleRuntime();
    await Promise.allSettled(ROUTES.map((route) => runtime.warm(route.handler)));
    return;
  }
  await Promise.allSettled(ROUTES.map((route) => loadHandler(route.handler)));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw Object.assign(new Error('Payload too large'), { statusCode: 413 });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function buildEvent(
  req: Pick<IncomingMessage, 'method' | 'url' | 'headers' | 'socket'>,
  body: Buffer,
  route: RouteDefinition,
  pathParameters: Record<string, string>,
): APIGatewayProxyEventV2 {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    // HTTP/2's pseudo-headers (the bench's server speaks it, as CloudFront does) are no headers to a
    // Lambda; API Gateway names the :authority as host.
    if (name.startsWith(':')) {
      if (name === ':authority' && !req.headers.host) headers.host = String(value);
      continue;
    }
    if (name === 'cookie') {
      // API Gateway moves cookies out of the headers into `cookies`.
      cookies = (Array.isArray(value) ? value.join('; ') : value).split(/;\s*/).filter(Boolean);
      continue;
    }
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const contentType = headers['content-type'] ?? '';
  const isText = body.length === 0 || TEXT_TYPES.test(contentType) || contentType === '';
  const now = new Date();
  return {
    version: '2.0',
    routeKey: routeKey(route),
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: routeKey(route),
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !isText,
  };
}

function lambdaContext(name: string, requestId: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: `rentalops-local-${name}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:rentalops-local-${name}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/rentalops-local-${name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 30_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

// With its length known, the response goes out in one write, as API Gateway's does; without it, Node
// would send the body chunked (about 7% of the local server's CPU under load, and more for the client).
function send(res: ServerResponse, statusCode: number, headers: Record<string, string | string[]>, body: string | Buffer): void {
  // 204 and 304 carry no body, and so no length either.
  if (statusCode !== 204 && statusCode !== 304) headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.length);
  res.writeHead(statusCode, headers);
  res.end(body);
}

function sendJson(res: ServerResponse, statusCode: number, data: unknown): void {
  send(res, statusCode, { 'content-type': 'application/json; charset=utf-8' }, JSON.stringify(data));
}

/**
 * Handles one /api request; answers 404 like API Gateway for paths that are not in the table. The
 * handler runs as its route (local/permission-guard.ts asRoute): where the guard is installed
 * (npm start), its calls are held to its row of the route table as through local/invoke.ts.
 * `load` picks the handler (tests plant one).
 */
export async function handleApiRequest(req: IncomingMessage, res: ServerResponse, load: (name: string) => Promise<LambdaHandler> = loadHandler): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const match = matchRoute(req.method ?? 'GET', url.pathname);
  if (!match.route) {
    sendJson(res, 404, { message: 'Not Found' });
    return;
  }
  let body: Buffer;
  try {
    body = await readBody(req);
  } catch (error) {
    sendJson(res, (error as { statusCode?: number }).statusCode ?? 400, { message: (error as Error).message });
    return;
  }
  const event = buildEvent(req, body, match.route, match.pathParameters);
  let result: APIGatewayProxyStructuredResultV2;
  try {
    const handler = await load(match.route.handler);
    const route = match.route;
    result = await asRoute(route, () => handler(event, lambdaContext(route.handler, event.requestContext.requestId)));
  } catch (error) {
    console.error(`[api] ${event.routeKey} failed:`, error);
    sendJson(res, 500, { message: 'Internal Server Error' });
    return;
  }
  writeResult(res, result);
}

export function writeResult(res: ServerResponse, result: APIGatewayProxyStructuredResultV2 | string): void {
  if (typeof result === 'string') {
    send(res, 200, { 'content-type': 'application/json' }, result);
    return;
  }
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const payload = result.body ?? '';
  send(res, result.statusCode ?? 200, headers, result.isBase64Encoded ? Buffer.from(payload, 'base64') : payload);
}
