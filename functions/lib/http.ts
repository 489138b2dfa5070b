// The HTTP wrapper every route handler goes through (middy): it resolves the session and enforces
// the route table's access rules, validates query and body with the shared zod schemas, and maps
// named errors to status codes in one place. Nothing here is kept between requests.
// A route may declare `prefetch`: company items read in the same BatchGetItem as its session
// (repositories/sessions.ts getSessionWith), handed to it as `prefetched`; the session item is still
// read, and checked, on every request. Everything after the session's lookup runs in the caller's
// company's context (functions/lib/tenant.ts; docs/tenant-fence.md).
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { ZodMiniType as ZodType } from 'zod/mini';
import type { Role, UiLanguage } from '#shared/enums';
import { languageFromHeader, translateMessage } from '#shared/messages';
import { formatCalendarDay } from '#shared/rules';
import { genericIssueMessage, type Session } from '#shared/schemas';
import { findRouteByHandler, rolesOf, tableAccessOf } from '#functions/routes';
import { getSessionWith, touchSession } from '#functions/data/repositories/sessions';
import { resolvePropertyScope } from '#functions/data/repositories/property-groups';
import { propertyOfItem } from '#functions/data/property-scope';
import { keys, type Key } from '#functions/data/keys';
import { AppError, BadRequestError, ForbiddenError, NotFoundError, TooManyRequestsError, UnauthorizedError, type FieldErrors } from './errors';
import { assertMasterRoute, assertPlanFeature, assertSubscriptionAllows } from './subscription-guard';
import { logger } from './logger';
import { flushMetrics } from './metrics';
import { readCookie, SESSION_COOKIE } from './cookies';
import { assertFromEdge, assertPathParameters, assertSameSiteWrite } from './request-guards';
import { withIdempotency } from './idempotency';
import { withCompanyOf } from './tenant';

export interface Caller {
  userId: string;
  companyId: string;
  email: string;
  role: Role;
  /** The master account (configured e-mail) is unlimited. */
  isMaster: boolean;
  sessionId: string;
}

export interface RequestContext<B, Q> {
  event: APIGatewayProxyEventV2;
  body: B;
  query: Q;
  params: Record<string, string>;
  language: UiLanguage;
  /** Present on routes whose access is 'session'. */
  caller: Caller;
  /**
   * The items the route's `prefetch` names for the caller's company, in its order (undefined where
   * absent), read with the session (or right after it: repositories/sessions.ts getSessionWith);
   * undefined on a route without a `prefetch`.
   */
  prefetched?: Array<Record<string, unknown> | undefined>;
}

export type HttpResult = APIGatewayProxyStructuredResultV2;

export function json(data: unknown, statusCode = 200, extra: Omit<HttpResult, 'statusCode' | 'body'> = {}): HttpResult {
  return {
    statusCode,
    ...extra,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...(extra.headers ?? {}) },
    body: JSON.stringify(data),
  };
}

export function redirect(location: string, extra: Omit<HttpResult, 'statusCode' | 'body'> = {}): HttpResult {
  return { statusCode: 302, ...extra, headers: { location, 'cache-control': 'no-store', ...(extra.headers ?? {}) } };
}

/** A list page: the array is the body (SPEC's contract), the next cursor travels in a header. */
export function page(items: unknown[], cursor: string | undefined): HttpResult {
  return json(items, 200, cursor ? { headers: { 'x-next-cursor': cursor } } : {});
}

/**
 * Whether an item read without the property-scope filter (a route's prefetch, read with the session
 * or key before the scope is known) belongs to a property outside `scope`: the data layer's own test
 * (data/property-scope.ts), so such an item reads as absent exactly as a filtered read would.
 */
export function outsideScope(scope: ReadonlySet<string>, item: Record<string, unknown> | undefined): boolean {
  const propertyId = propertyOfItem(item);
  return propertyId !== undefined && !scope.has(propertyId);
}

export function isMasterEmail(email: string): boolean {
  const master = process.env.MASTER_EMAIL?.trim().toLowerCase();
  return Boolean(master) && email.toLowerCase() === master;
}

export function callerFromSession(session: Session): Caller {
  return { ...session.sess, isMaster: isMasterEmail(session.sess.email), sessionId: session.sid };
}

interface HandlerOptions<B, Q> {
  body?: ZodType<B>;
  query?: ZodType<Q>;
  /**
   * Company items to read in the session's BatchGetItem (session routes only), for the path's
   * parameters (each already a well-formed id). An item of a property outside the caller's property
   * scope is handed over as undefined (the batch is read before the scope is known).
   */
  prefetch?: (companyId: string, params: Record<string, string>) => Key[];
}

function fieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>, language: UiLanguage): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    errors[field] ??= translateMessage(issue.message, language);
  }
  return errors;
}

export function parseJsonBody(event: APIGatewayProxyEventV2): unknown {
  if (!event.body) return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestError('error.invalidJson');
  }
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

const PLAN_NAME = /^plan\.(trial|basic|professional|enterprise)$/;

/**
 * An error's parameters as its reader writes them: a calendar day ("2026-12-13") as "Dec 13, 2026" /
 * "13 de dez. de 2026", a plan (`plan.professional`) by its name in the reader's language.
 */
export const readableParams = (params: Record<string, string | number>, language: UiLanguage): Record<string, string | number> =>
  Object.fromEntries(
    Object.entries(params).map(([name, value]) => {
      if (typeof value !== 'string') return [name, value];
      if (CALENDAR_DAY.test(value)) return [name, formatCalendarDay(value, language)];
      if (PLAN_NAME.test(value)) return [name, translateMessage(value, language)];
      return [name, value];
    }),
  );

function errorResponse(error: unknown, language: UiLanguage): HttpResult {
  if (error instanceof AppError) {
    const message = translateMessage(error.messageKey, language, readableParams(error.params, language));
    const body: Record<string, unknown> = { message };
    if ('code' in error && typeof error.code === 'string') body.code = error.code;
    // What the caller's change met instead (e.g. a checklist item someone else changed: 409).
    if ('details' in error && error.details && typeof error.details === 'object') Object.assign(body, { details: error.details });
    if (error instanceof BadRequestError && Object.keys(error.fieldErrors).length) {
      body.errors = Object.fromEntries(
        Object.entries(error.fieldErrors).map(([field, key]) => [field, translateMessage(key, language)]),
      );
      // With a single field error, the field's message is the most useful top-level message.
      const values = Object.values(body.errors as Record<string, string>);
      if (error.messageKey === 'error.badRequest' && values.length === 1) body.message = values[0];
    }
    const headers: Record<string, string> = {};
    if (error instanceof TooManyRequestsError) headers['retry-after'] = String(error.retryAfterSeconds);
    return json(body, error.statusCode, { headers });
  }
  logger.error('Unhandled error', { error: error as Error });
  return json({ message: translateMessage('error.internal', language) }, 500);
}

/**
 * Wraps a route handler. `name` is the handler's entry in the route table, which says whether the
 * route needs a session and which roles may call it.
 */
export function apiHandler<B = unknown, Q = unknown>(
  name: string,
  options: HandlerOptions<B, Q>,
  fn: (ctx: RequestContext<B, Q>) => Promise<HttpResult>,
) {
  const route = findRouteByHandler(name);
  const handler = middy<APIGatewayProxyEventV2, HttpResult, Error, Context>().handler(async (event, context) => {
    const language = languageFromHeader(event.headers?.['accept-language']);
    logger.appendKeys({ route: `${route.method} ${route.path}`, requestId: context?.awsRequestId });
    try {
      // Before anything is read: not through CloudFront (403, AWS only), cross-site or non-JSON
      // writes (403), malformed path ids (404).
      assertFromEdge(event);
      assertSameSiteWrite(event, event.requestContext?.http?.method ?? route.method);
      const params = (event.pathParameters ?? {}) as Record<string, string>;
      assertPathParameters(route, params);
      let caller: Caller | undefined;
      let session: Session | undefined;
      let prefetched: Array<Record<string, unknown> | undefined> | undefined;
      // The company's property groups (issue 41: the caller's property scope) come in the same
      // BatchGetItem as the session and the route's prefetch, last.
      let groups: { item: Record<string, unknown> | undefined } | undefined;
      if (route.access === 'session') {
        const sid = readCookie(event, SESSION_COOKIE);
        if (sid) {
          // The company items in the company's context (getSessionWith), the session item by itself
          // or with them: never a company item on the function's own role.
          const read = await getSessionWith(sid, (companyId) => [...(options.prefetch?.(companyId, params) ?? []), keys.propertyGroups(companyId)]);
          session = read.session;
          if (read.items) {
            groups = { item: read.items.pop() };
            if (options.prefetch) prefetched = read.items;
          }
        }
        if (!session) throw route.master ? new NotFoundError() : new UnauthorizedError();
        caller = callerFromSession(session);
        logger.appendKeys({ companyId: caller.companyId, userId: caller.userId });
      }
      const signedIn = caller && session ? { caller, session } : undefined;
      // From here on the request acts for the caller's company (functions/lib/tenant.ts): the checks,
      // the session's renewal, the idempotency record and the route's function, all with the
      // company's scoped credentials in AWS (docs/tenant-fence.md). For none without a session, or on
      // the master console's routes, which read and change any company.
      const companyId = route.master ? undefined : caller?.companyId;
      return await withCompanyOf(companyId, async () => {
        let propertyScope: ReadonlySet<string> | undefined;
        if (signedIn) {
          const { caller } = signedIn;
          assertMasterRoute(route, caller);
          if (!rolesOf(route).includes(caller.role)) throw new ForbiddenError();
          // A read-only company (trial or paid access ended): writes answer 402, reads go on.
          await assertSubscriptionAllows(route, event.requestContext?.http?.method ?? route.method, caller);
          // An integration feature (API keys, webhooks) the company's plan must include.
          if (route.feature) await assertPlanFeature(route.feature, caller);
          await touchSession(signedIn.session);
          // The properties the caller may see (docs/property-scope.md): computed once, for this request only.
          if (!route.master) propertyScope = await resolvePropertyScope(caller, groups);
          // The prefetched items were read unfiltered, before the scope was known: one of a property
          // outside it reads as absent, as the data layer's filter reads it (data/property-scope.ts).
          const scope = propertyScope;
          if (scope && prefetched) prefetched = prefetched.map((item) => (outsideScope(scope, item) ? undefined : item));
        }
        // A write with an Idempotency-Key header is applied once; a replay answers the first response.
        // A route that only reads the table (functions/routes.ts `table`) has nothing to apply twice,
        // and its role could not keep the record.
        const method = tableAccessOf(route) === 'write' ? (event.requestContext?.http?.method ?? route.method) : 'GET';
        return await withIdempotency(event, method, caller, context, async () => {
          const query = parseWith(options.query, event.queryStringParameters ?? {}, language);
          const body = parseWith(options.body, options.body ? parseJsonBody(event) : undefined, language);
          // The same company, now with the caller's property scope.
          return await withCompanyOf(companyId, () =>
            fn({
              event,
              body: body as B,
              query: query as Q,
              params,
              language,
              caller: caller as Caller,
              prefetched,
            }),
            propertyScope,
          );
        });
      });
    } catch (error) {
      return errorResponse(error, language);
    } finally {
      logger.resetKeys();
      // Counts the request recorded (functions/lib/metrics.ts: nothing to do, and nothing loaded, when none).
      await flushMetrics();
    }
  });
  // The schemas the route validates with, for tests that walk the route table (hostile-input.test.ts).
  return Object.assign(handler, { schemas: { body: options.body, query: options.query } as HandlerSchemas });
}

export interface HandlerSchemas {
  body?: ZodType<unknown>;
  query?: ZodType<unknown>;
}

/** Parses a request part with its schema; 400 with field errors in the caller's language. */
export function parseWith<T>(schema: ZodType<T> | undefined, input: unknown, language: UiLanguage): T | undefined {
  if (!schema) return undefined;
  const result = schema.safeParse(input, { error: genericIssueMessage });
  if (!result.success) {
    const errors = fieldErrors(result.error.issues, language);
    throw new BadRequestError('error.badRequest', errors);
  }
  return result.data;
}
