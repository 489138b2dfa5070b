// The public API's door (issue 39; DESIGN decision 10, "one contract, two doors"): every `/api/v1/*`
// route of the table (access `apiKey`) goes through here instead of the app's cookie wrapper
// (./http.ts). The same zod schemas validate; what differs is who the caller is and how answers look:
// - the caller is an API key (`Authorization: Bearer rok_…`, never a cookie): its lookup item read
//   strongly consistently (a revoked key is refused at once) in ONE BatchGetItem with its company
//   (its plan must include the route's feature, a read-only company writes nothing) and the items
//   the route prefetches, once this instance has seen the key (the app's session does the same,
//   repositories/sessions.ts getSessionWith); the company's items only ever in its context, and all
//   that follows the lookup too (docs/tenant-fence.md); its call counted beside it (the per-key rate limit:
//   429 with Retry-After and RateLimit headers; repositories/api-keys.ts countApiKeyCall writes the
//   count at most once a second per instance until the key nears its limit);
// - a key acts as its company and nothing else, with the powers of the CEO who made it; a write
//   needs the key's `write` scope (403), and the plan's `api-write` (Enterprise);
// - a POST with an `Idempotency-Key` is applied once for 24 h (./idempotency.ts): a retry, also
//   one sent while the first still runs, answers the first answer; the same key with another body 422;
// - errors are RFC 9457 problem details (`application/problem+json`), with field errors;
// - lists answer `{ data, nextCursor }`.
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import type { ZodMiniType as ZodType } from 'zod/mini';
import type { UiLanguage } from '#shared/enums';
import { planAllows, planFor } from '#shared/integrations';
import { languageFromHeader, translateMessage } from '#shared/messages';
import { findRouteByHandler, tableAccessOf, routeKey, type RouteDefinition } from '#functions/routes';
import { countApiKeyCall, findApiKeyWith, hashApiKey, looksLikeApiKey, touchApiKey, type ApiKeyIdentity } from '#functions/data/repositories/api-keys';
import { keys, type Key } from '#functions/data/keys';
import { groupsStateOf, scopeOf } from '#functions/data/repositories/property-groups';
import type { Company } from '#shared/schemas';
import { readOnlyReason } from '#shared/subscription';
import { AppError, BadRequestError, ForbiddenError, PlanFeatureError, TooManyRequestsError, UnauthorizedError } from './errors';
import { subscriptionError } from './subscription-guard';
import { logger } from './logger';
import { flushMetrics } from './metrics';
import { assertFromEdge, assertPathParameters } from './request-guards';
import { withIdempotency } from './idempotency';
import { withCompany } from './tenant';
import { outsideScope, parseJsonBody, parseWith, readableParams, type Caller, type HandlerSchemas, type HttpResult } from './http';

/** Calls a key may make per minute (each key on its own, across every route); API_KEY_RATE_LIMIT sets another per stage. */
export const API_RATE_LIMIT = 300;
export const rateLimit = (): number => Number(process.env.API_KEY_RATE_LIMIT) || API_RATE_LIMIT;
/** Where the problem types are described (docs/integrations.md). */
export const PROBLEM_BASE = 'https://rentalops.app/problems/';
/** How long a retry waits for the first request with its Idempotency-Key to finish. */
const IDEMPOTENT_WAIT_MS = 10_000;

export interface ApiCaller extends Caller {
  apiKeyId: string;
}

export interface PublicRequestContext<B, Q> {
  event: APIGatewayProxyEventV2;
  body: B;
  query: Q;
  params: Record<string, string>;
  language: UiLanguage;
  caller: ApiCaller;
  route: RouteDefinition;
  /**
   * The items the handler's `prefetch` names, in its order (undefined where there is none, and where
   * the item is of a property outside the key's property scope: read as the data layer reads it).
   */
  prefetched: Array<Record<string, unknown> | undefined>;
}

/** A list page of the public API. */
export function listPage(items: unknown[], cursor: string | undefined, statusCode = 200): HttpResult {
  return apiJson({ data: items, nextCursor: cursor ?? null }, statusCode);
}

export function apiJson(data: unknown, statusCode = 200, headers: Record<string, string> = {}): HttpResult {
  return { statusCode, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers }, body: JSON.stringify(data) };
}

/** The problem type of an error (a stable slug integrators can switch on), and its title. */
function problemType(error: AppError): { slug: string; title: string } {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (error instanceof PlanFeatureError) return { slug: 'plan-required', title: 'Plan required' };
  if (code === 'key_scope') return { slug: 'insufficient-scope', title: 'Insufficient scope' };
  if (code === 'idempotency_in_progress') return { slug: 'idempotency-in-progress', title: 'Request in progress' };
  if (error.messageKey === 'idempotency.mismatch') return { slug: 'idempotency-key-reused', title: 'Idempotency key reused' };
  switch (error.statusCode) {
    case 400:
      return { slug: 'validation', title: 'Invalid request' };
    case 401:
      return { slug: 'unauthorized', title: 'Unauthorized' };
    case 402:
      return { slug: 'subscription-required', title: 'Subscription required' };
    case 403:
      return { slug: 'forbidden', title: 'Forbidden' };
    case 404:
      return { slug: 'not-found', title: 'Not found' };
    case 409:
      return { slug: 'conflict', title: 'Conflict' };
    case 422:
      return { slug: 'unprocessable', title: 'Unprocessable request' };
    case 429:
      return { slug: 'rate-limited', title: 'Too many requests' };
    default:
      return { slug: 'error', title: 'Error' };
  }
}

/** An error as RFC 9457 problem details, in the caller's language. */
export function problem(error: unknown, language: UiLanguage, instance: string | undefined): HttpResult {
  const headers: Record<string, string> = { 'content-type': 'application/problem+json; charset=utf-8', 'cache-control': 'no-store' };
  if (!(error instanceof AppError)) {
    logger.error('Unhandled error', { error: error as Error });
    const body = { type: `${PROBLEM_BASE}internal`, title: 'Internal error', status: 500, detail: translateMessage('error.internal', language), instance };
    return { statusCode: 500, headers, body: JSON.stringify(body) };
  }
  const { slug, title } = problemType(error);
  const body: Record<string, unknown> = {
    type: `${PROBLEM_BASE}${slug}`,
    title,
    status: error.statusCode,
    detail: translateMessage(error.messageKey, language, readableParams(error.params, language)),
    instance,
  };
  if ('code' in error && typeof error.code === 'string') body.code = error.code;
  if ('details' in error && error.details && typeof error.details === 'object') body.details = error.details;
  if (error instanceof BadRequestError && Object.keys(error.fieldErrors).length) {
    // One entry per field, with a JSON pointer into the request (RFC 9457 section 3's example).
    body.errors = Object.entries(error.fieldErrors).map(([field, key]) => ({
      field,
      pointer: field === '_' ? '#' : `#/${field.split('.').join('/')}`,
      detail: translateMessage(key, language),
    }));
    if (error.messageKey === 'error.badRequest' && (body.errors as unknown[]).length === 1) body.detail = (body.errors as Array<{ detail: string }>)[0].detail;
  }
  if (error instanceof UnauthorizedError) headers['www-authenticate'] = 'Bearer realm="RentalOps API"';
  if (error instanceof TooManyRequestsError) headers['retry-after'] = String(error.retryAfterSeconds);
  return { statusCode: error.statusCode, headers, body: JSON.stringify(body) };
}

function bearerOf(event: APIGatewayProxyEventV2): string | undefined {
  const headers = event.headers ?? {};
  const value = headers.authorization ?? Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value ?? '');
  return match?.[1];
}

/**
 * The key of the request, checked (401 when absent, unknown, revoked or expired), with its company
 * and the route's prefetched items read in the same BatchGetItem (api-keys.ts findApiKeyWith), and
 * the call counted beside it.
 */
async function authenticate(
  event: APIGatewayProxyEventV2,
  now: Date,
  prefetch: ((companyId: string) => Key[]) | undefined,
): Promise<{ identity: ApiKeyIdentity; company: Company | undefined; prefetched: Array<Record<string, unknown> | undefined>; groups: Record<string, unknown> | undefined; calls: { count: number; resetSeconds: number } }> {
  const key = bearerOf(event);
  if (!key || !looksLikeApiKey(key)) throw new UnauthorizedError(key ? 'apiKeys.invalid' : 'apiKeys.missing');
  // Last: the company's property groups (issue 41: a key inherits its creator's property scope).
  const itemsOf = (companyId: string) => [keys.company(companyId), ...(prefetch?.(companyId) ?? []), keys.propertyGroups(companyId)];
  const [{ identity, items }, calls] = await Promise.all([findApiKeyWith(key, itemsOf), countApiKeyCall(hashApiKey(key), rateLimit(), now)]);
  if (!identity) throw new UnauthorizedError('apiKeys.invalid');
  if (identity.expiresAt && Date.parse(identity.expiresAt) <= now.getTime()) throw new UnauthorizedError('apiKeys.expired');
  const [company, ...prefetched] = items;
  const groups = prefetched.pop();
  return { identity, company: company as Company | undefined, prefetched, groups, calls };
}

/** Whether every path parameter of the route is a well-formed id (what assertPathParameters checks). */
function wellFormed(route: RouteDefinition, params: Record<string, string>): boolean {
  try {
    assertPathParameters(route, params);
    return true;
  } catch {
    return false;
  }
}

function rateHeaders(calls: { count: number; resetSeconds: number } | undefined): Record<string, string> {
  if (!calls) return {};
  const limit = rateLimit();
  const remaining = Math.max(0, limit - calls.count);
  return {
    // The IETF draft's fields (draft-ietf-httpapi-ratelimit-headers), and the older trio most clients read.
    'ratelimit-policy': `${limit};w=60`,
    ratelimit: `limit=${limit}, remaining=${remaining}, reset=${calls.resetSeconds}`,
    'ratelimit-limit': String(limit),
    'ratelimit-remaining': String(remaining),
    'ratelimit-reset': String(calls.resetSeconds),
  };
}

interface PublicHandlerOptions<B, Q> {
  body?: ZodType<B>;
  query?: ZodType<Q>;
  /**
   * Company items read with the key and its company in one BatchGetItem, handed over as `prefetched`
   * (as the app's routes do); `params` are the path's, each a well-formed id (a request with a
   * malformed one prefetches nothing and answers 404 before the handler runs).
   */
  prefetch?: (companyId: string, params: Record<string, string>) => Key[];
}

/** Wraps a public API handler; `name` is its entry in the route table (access `apiKey`). */
export function publicApiHandler<B = unknown, Q = unknown>(
  name: string,
  options: PublicHandlerOptions<B, Q>,
  fn: (ctx: PublicRequestContext<B, Q>) => Promise<HttpResult>,
) {
  const route = findRouteByHandler(name);
  if (route.access !== 'apiKey') throw new Error(`${routeKey(route)} is not a public API route (access: 'apiKey')`);
  const writes = tableAccessOf(route) === 'write';
  const handler = middy<APIGatewayProxyEventV2, HttpResult, Error, Context>().handler(async (event, context) => {
    const language = languageFromHeader(event.headers?.['accept-language']);
    const instance = event.rawPath;
    logger.appendKeys({ route: routeKey(route), requestId: context?.awsRequestId });
    let calls: { count: number; resetSeconds: number } | undefined;
    try {
      assertFromEdge(event);
      const params = (event.pathParameters ?? {}) as Record<string, string>;
      const now = new Date();
      const prefetch = options.prefetch && wellFormed(route, params) ? (companyId: string) => options.prefetch!(companyId, params) : undefined;
      const { identity, company, prefetched: read, groups, calls: counted } = await authenticate(event, now, prefetch);
      calls = counted;
      logger.appendKeys({ companyId: identity.companyId, apiKeyId: identity.keyId });
      if (calls.count > rateLimit()) throw new TooManyRequestsError('apiKeys.rateLimited', calls.resetSeconds);
      if (writes && !identity.scopes.includes('write')) throw Object.assign(new ForbiddenError('apiKeys.writeScope'), { code: 'key_scope' });
      if (!company) throw new UnauthorizedError('apiKeys.invalid');
      const feature = route.feature ?? (writes ? 'api-write' : 'api-read');
      if (!planAllows(company.plan, feature)) throw new PlanFeatureError(company.plan, planFor(feature));
      if (writes) {
        const reason = readOnlyReason(company, now);
        if (reason) throw subscriptionError(reason, 'ceo');
      }
      assertPathParameters(route, params);
      const caller: ApiCaller = {
        userId: identity.createdByUserId,
        companyId: identity.companyId,
        email: '',
        role: 'ceo',
        isMaster: false,
        sessionId: '',
        apiKeyId: identity.keyId,
      };
      // The key's creator's property scope (docs/property-scope.md): a CEO is never scoped, so their
      // entry in the groups item decides (one the key's creator had while a scoped member).
      const propertyScope = scopeOf(groupsStateOf(groups), identity.createdByUserId, 'operational_manager');
      // The batch was read before the scope was known (it comes from the same batch), so unfiltered:
      // an item of a property outside the scope reads as absent here, as the data layer's filter
      // (data/property-scope.ts) would read it, and a task of such a property answers 404.
      const prefetched = propertyScope ? read.map((item) => (outsideScope(propertyScope, item) ? undefined : item)) : read;
      // From here on the request acts for the key's company (functions/lib/tenant.ts): its last use,
      // the idempotency record and the route's function, with the company's scoped credentials in AWS
      // (docs/tenant-fence.md).
      const result = await withCompany(identity.companyId, async () => {
        const touched = touchApiKey(identity.keyHash, now).catch((error: unknown) => logger.warn('lastUsedAt not written', { error: error as Error }));
        const answer = await withIdempotency(
          event,
          writes ? (event.requestContext?.http?.method ?? route.method) : 'GET',
          { companyId: identity.companyId, userId: `apikey.${identity.keyId}` },
          context,
          async () => {
            const query = parseWith(options.query, event.queryStringParameters ?? {}, language);
            const body = parseWith(options.body, options.body ? parseJsonBody(event) : undefined, language);
            try {
              // The same company, now with the key's creator's property scope.
              return await withCompany(identity.companyId, () => fn({ event, body: body as B, query: query as Q, params, language, caller, route, prefetched }), propertyScope);
            } catch (error) {
              // Answered here (not kept by the idempotency record, which keeps successes only).
              return problem(error, language, instance);
            }
          },
          { waitForFirstMs: IDEMPOTENT_WAIT_MS },
        );
        await touched;
        return answer;
      });
      return { ...result, headers: { ...(result.headers ?? {}), ...rateHeaders(calls) } };
    } catch (error) {
      const answer = problem(error, language, instance);
      return { ...answer, headers: { ...(answer.headers as Record<string, string>), ...rateHeaders(calls) } };
    } finally {
      logger.resetKeys();
      await flushMetrics();
    }
  });
  return Object.assign(handler, { schemas: { body: options.body, query: options.query } as HandlerSchemas });
}
