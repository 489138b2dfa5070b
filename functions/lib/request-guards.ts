// Guards every request of the route table goes through before anything is read or written
// (called by apiHandler in ./http.ts):
// - path parameters: each `{param}` of the route must be a well-formed id (shared/ids.ts), else 404;
// - cross-site writes: a state-changing request (POST/PUT/PATCH/DELETE) with a body must be JSON,
//   and where the browser says where it comes from (Origin, Sec-Fetch-Site), it must be the site's
//   own origin: APP_URL, or one of ALLOWED_ORIGINS (comma-separated, per stage; the local server adds
//   its own). A form or a `text/plain` fetch from another site (no CORS preflight) is refused with
//   403 before the session is even read, so SameSite=Lax is no longer the only guard;
// - the origin: in AWS the API answers only through CloudFront, which adds the stage's secret
//   header (ORIGIN_SECRET, generated in Secrets Manager at deploy); a request straight to the
//   execute-api endpoint (around the WAF) is refused with 403. Without ORIGIN_SECRET (npm start,
//   tests) there is no CloudFront and no check.
import { timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { isValidId, pathParameterNames } from '#shared/ids';
import type { RouteDefinition } from '#functions/routes';
import { ForbiddenError, NotFoundError } from './errors';

export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let cachedOrigins: { source: string; origins: ReadonlySet<string> } | undefined;

function originOf(value: string): string | undefined {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The site's own origins (read from the environment on each call, parsed once per value). */
export function allowedOrigins(): ReadonlySet<string> {
  const source = `${process.env.APP_URL ?? ''},${process.env.ALLOWED_ORIGINS ?? ''}`;
  if (cachedOrigins?.source !== source) {
    const origins = source.split(',').map(originOf).filter((origin): origin is string => Boolean(origin));
    cachedOrigins = { source, origins: new Set(origins) };
  }
  return cachedOrigins.origins;
}

const header = (event: APIGatewayProxyEventV2, name: string): string | undefined => {
  const headers = event.headers ?? {};
  const value = headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return value === undefined ? undefined : String(value);
};

const mediaType = (contentType: string | undefined) => (contentType ?? '').split(';')[0].trim().toLowerCase();

/** Refuses cross-site and non-JSON writes (403, translated by the wrapper). */
export function assertSameSiteWrite(event: APIGatewayProxyEventV2, method: string): void {
  if (!STATE_CHANGING_METHODS.has(method.toUpperCase())) return;
  const origin = header(event, 'origin');
  if (origin !== undefined) {
    // `Origin: null` (sandboxed frames, some redirects) is never the site's own.
    const normalized = originOf(origin);
    if (!normalized || !allowedOrigins().has(normalized)) throw new ForbiddenError('error.crossSite');
  } else {
    const fetchSite = header(event, 'sec-fetch-site')?.toLowerCase();
    if (fetchSite === 'cross-site' || fetchSite === 'same-site') throw new ForbiddenError('error.crossSite');
  }
  if (event.body && mediaType(header(event, 'content-type')) !== 'application/json') throw new ForbiddenError('error.jsonRequired');
}

/** The header CloudFront adds to every /api/* request it forwards (infra/lib/constructs/web.ts). */
export const ORIGIN_SECRET_HEADER = 'x-origin-verify';

/** Refuses (403) a request that did not come through CloudFront, when the stage has an origin secret. */
export function assertFromEdge(event: APIGatewayProxyEventV2): void {
  const expected = process.env.ORIGIN_SECRET;
  if (!expected) return;
  const given = header(event, ORIGIN_SECRET_HEADER) ?? '';
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw new ForbiddenError();
}

/**
 * The one path parameter that is a file name: a calendar export's token, which channels that want a
 * file name are given with `.ics` (GET /api/calendar/{calendarFile}); the token itself is an id.
 */
const CALENDAR_FILE_PARAMETER = 'calendarFile';
const withoutIcs = (value: string | undefined) => (value && /\.ics$/i.test(value) ? value.slice(0, -4) : value);

/** Every `{param}` of the route must be a well-formed id; anything else names nothing (404). */
export function assertPathParameters(route: Pick<RouteDefinition, 'path'>, params: Record<string, string | undefined>): void {
  for (const name of pathParameterNames(route.path)) {
    const value = name === CALENDAR_FILE_PARAMETER ? withoutIcs(params[name]) : params[name];
    if (!isValidId(value)) throw new NotFoundError();
  }
}
