// The public API's OpenAPI 3.1 document, generated (issue 39 point 3): the operations are the
// route table's `apiKey` routes (functions/routes.ts), their parameters and bodies the zod schemas the
// handlers validate with, their answers the schemas of shared/public-api-operations.ts (checked against every real
// answer by the contract test), turned into JSON Schema 2020-12 (OpenAPI 3.1's dialect) by zod's own
// toJSONSchema. Never written by hand: a new route or a changed schema changes the document.
import * as z from 'zod/mini';
import type { ZodMiniType } from 'zod/mini';
import { pathParameterNames } from '#shared/ids';
import { problemSchema } from '#shared/schemas';
import { WEBHOOK_EVENTS } from '../../events/catalogue';
import { ROUTES, type RouteDefinition, tableAccessOf } from '#functions/routes';
import { PROBLEM_BASE, rateLimit } from './public-api';
import { OPERATIONS, type OperationDoc } from '#shared/public-api-operations';

/** The document's version: bumped when the contract changes in a way clients see (additions are minor). */
export const API_VERSION = '1.0.0';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: ZodMiniType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

const rateHeaders = {
  'RateLimit-Limit': { description: `Calls the key may make per minute (${rateLimit()}).`, schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Calls left in the current minute.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the minute ends.', schema: { type: 'integer' } },
};

function parametersOf(route: RouteDefinition, doc: OperationDoc): JsonSchema[] {
  const path = pathParameterNames(route.path).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: 64 } }));
  const query: JsonSchema[] = [];
  if (doc.query) {
    const schema = jsonSchema(doc.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      query.push({ name, in: 'query', required: (schema.required ?? []).includes(name), schema: property });
    }
  }
  const headers: JsonSchema[] =
    route.method === 'POST'
      ? [{
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'Makes a retry safe: within 24 hours the same key answers the first answer and creates nothing new; the same key with another body is 422.',
          schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,128}$' },
        }]
      : [];
  return [...path, ...query, ...headers];
}

function operationOf(route: RouteDefinition, doc: OperationDoc): JsonSchema {
  const writes = tableAccessOf(route) === 'write';
  const responses: Record<string, unknown> = {
    [String(doc.status)]: {
      description: doc.status === 201 ? 'Created' : 'OK',
      headers: rateHeaders,
      content: { 'application/json': { schema: jsonSchema(doc.response, 'output'), example: doc.responseExample } },
    },
    '400': problemResponse('The request is not valid: `errors` names each field and what is wrong with it.'),
    '401': problemResponse('No API key, or a key that is unknown, revoked or expired.'),
    '403': problemResponse(writes ? 'The key may only read (scope `write` needed), or the plan does not include writing through the API (Enterprise).' : 'The plan does not include the API (Professional or Enterprise).'),
    '404': problemResponse('Not found (also any id of another company).'),
    '429': { ...problemResponse('Too many calls with this key: wait for Retry-After seconds.'), headers: { 'Retry-After': { schema: { type: 'integer' } }, ...rateHeaders } },
  };
  if (writes) {
    responses['402'] = problemResponse('The company\'s trial or subscription has ended: it can read, not change.');
    responses['409'] = problemResponse('The change conflicts with the data as it is now (e.g. nights already taken, a request with the same Idempotency-Key still running).');
    responses['422'] = problemResponse('The Idempotency-Key was used for another request.');
  }
  const operation: JsonSchema = {
    operationId: doc.operationId,
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: [doc.tag],
    security: [{ bearerAuth: [] }],
    parameters: parametersOf(route, doc),
    responses,
    'x-scope': writes ? 'write' : 'read',
  };
  if (doc.body) {
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: jsonSchema(doc.body, 'input'), ...(doc.requestExample !== undefined ? { example: doc.requestExample } : {}) } },
    };
  }
  return operation;
}

/** The public API's routes, in table order. */
export const publicRoutes = (): RouteDefinition[] => ROUTES.filter((route) => route.access === 'apiKey');

const SIGNATURE_HEADERS = [
  { name: 'webhook-id', in: 'header', required: true, description: 'The message id: the same across the retries of one event (deduplicate on it).', schema: { type: 'string' } },
  { name: 'webhook-timestamp', in: 'header', required: true, description: 'Seconds since the epoch when this attempt was signed (refuse old ones: replay protection).', schema: { type: 'string' } },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description: 'Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, keyed with the base64-decoded part of the endpoint\'s `whsec_` secret (two during a rotation). Standard Webhooks: verify with any of its libraries.',
    schema: { type: 'string' },
  },
];

/** OpenAPI 3.1's `webhooks`: each public event of events/catalogue.ts, its payload and how it is signed (docs/webhooks.md). */
function webhooksOf(): Record<string, JsonSchema> {
  const entries = Object.entries(WEBHOOK_EVENTS) as Array<[string, { version: number; description: string; schema: ZodMiniType; sample: unknown }]>;
  return Object.fromEntries(
    entries.map(([name, event]) => [
      name,
      {
        post: {
          operationId: `webhook_${name.replace(/\W/g, '_')}`,
          summary: name,
          description: `${event.description} (version ${event.version})`,
          tags: ['Webhooks'],
          parameters: SIGNATURE_HEADERS,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { type: 'object', required: ['type', 'timestamp', 'data'], properties: { type: { const: name }, timestamp: { type: 'string', format: 'date-time' }, data: jsonSchema(event.schema, 'output') } },
                example: { type: name, timestamp: '2026-03-15T10:00:00.000Z', data: event.sample },
              },
            },
          },
          responses: { '2XX': { description: 'Received. Anything else (or no answer within 10 s) is retried with backoff for about three days.' } },
        },
      },
    ]),
  );
}

export function buildOpenApiDocument(serverUrl = '/'): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of publicRoutes()) {
    const doc = OPERATIONS[route.handler];
    if (!doc) throw new Error(`${route.method} ${route.path}: no entry in shared/public-api-operations.ts`);
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operationOf(route, doc);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'RentalOps API',
      version: API_VERSION,
      summary: 'Properties, reservations, tasks and the team of a vacation-rental management company.',
      description:
        'Authenticate with an API key made on the Integrations page (Settings): `Authorization: Bearer rok_…`. ' +
        'A key acts as its company only: another company\'s ids answer 404. Professional plans read; Enterprise plans also write, with a key that has the `write` scope. ' +
        `Each key may make ${rateLimit()} calls a minute. Errors are RFC 9457 problem details. Lists answer \`{ data, nextCursor }\`: pass \`cursor\` to read the next page.`,
    },
    servers: [{ url: serverUrl }],
    tags: [...new Set(Object.values(OPERATIONS).map((doc) => doc.tag)), 'Webhooks'].map((name) => ({ name })),
    paths,
    webhooks: webhooksOf(),
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key: rok_ followed by 43 characters.' } },
      schemas: { Problem: { ...jsonSchema(problemSchema, 'output'), description: `RFC 9457 problem details. \`type\` is one of ${PROBLEM_BASE}<slug>: validation, unauthorized, forbidden, insufficient-scope, plan-required, subscription-required, not-found, conflict, idempotency-key-reused, idempotency-in-progress, rate-limited, internal.` } },
    },
  };
}
