// Calls a route exactly as the local server does (route table -> API Gateway v2 event -> handler),
// without a socket. Used by handler tests and the bench.
import type { IncomingHttpHeaders } from 'node:http';
import { matchRoute } from '../functions/routes';
import { buildEvent, loadHandler } from './api-adapter';
import { runAsRoute } from './permission-guard';

export interface InvokeOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** `name=value` pairs sent as the Cookie header. */
  cookies?: string[];
  /** The client IP the request comes from (the event's requestContext.http.sourceIp); default 127.0.0.1. */
  sourceIp?: string;
}

export interface InvokeResult<T = any> {
  status: number;
  headers: Record<string, string>;
  cookies: string[];
  text: string;
  body: T;
}

export async function invoke<T = any>(method: string, url: string, options: InvokeOptions = {}): Promise<InvokeResult<T>> {
  const { pathname } = new URL(url, 'http://localhost');
  const match = matchRoute(method, pathname);
  if (!match.route) return { status: 404, headers: {}, cookies: [], text: '{"message":"Not Found"}', body: { message: 'Not Found' } as T };
  const headers: IncomingHttpHeaders = { host: 'localhost:3000', ...lower(options.headers ?? {}) };
  if (options.cookies?.length) headers.cookie = options.cookies.join('; ');
  let payload = Buffer.alloc(0);
  if (options.body !== undefined) {
    payload = Buffer.from(typeof options.body === 'string' ? options.body : JSON.stringify(options.body));
    headers['content-type'] ??= 'application/json';
  }
  const req = { method, url, headers, socket: { remoteAddress: options.sourceIp ?? '127.0.0.1' } } as never;
  const event = buildEvent(req, payload, match.route, match.pathParameters);
  const handler = await loadHandler(match.route.handler);
  // Held to the route's declared table and Cognito access, as its role holds it in AWS.
  const result = await runAsRoute(match.route, () => handler(event, { awsRequestId: event.requestContext.requestId } as never));
  const text = result.body ?? '';
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return {
    status: result.statusCode ?? 200,
    headers: Object.fromEntries(Object.entries(result.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)])),
    cookies: result.cookies ?? [],
    text,
    body: body as T,
  };
}

function lower(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}
