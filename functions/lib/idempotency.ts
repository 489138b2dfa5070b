// Idempotent replays (the offline staff app): a state-changing request of a signed-in user with an
// `Idempotency-Key` header is applied once. Powertools Idempotency does the bookkeeping on the single
// table: its DynamoDB persistence layer writes an IN_PROGRESS record with a conditional put, runs the
// handler, then keeps the response (status, headers, body) for 24 hours (TTL on `expiresAt`).
//
// - Scope: the record lives in the caller's company's idempotency partition (pk
//   `COMPANY#<companyId>#IDEMPOTENCY`, the layer's static partition value) under sk
//   `IDEMPOTENCY#<userId>#<hash of the key>` (its key prefix), so one key names one action of one
//   user of one company, whatever the route. (Records kept before 2026-12-06 under `COMPANY#<id>`
//   itself are no longer read: they expire with their TTL.)
// - Credentials (issue 42 point 3, docs/tenant-fence.md): the HTTP wrappers call this inside the
//   caller's company context, and the layer is handed that context's client (currentClients), so in
//   AWS the record is written with the company's scoped credentials; the write level's tenant role
//   may delete in this partition only (a refused request's record is removed).
// - A replay (same key, same method, path and body) answers the kept response with the header
//   `idempotent-replay: true` and runs nothing. The same key with another method, path or body is
//   a 422 (Powertools' payload validation over { method, path, body }); a request still running
//   with the key is a 409.
// - Only successful responses are kept. A refused request (4xx) wrote nothing (every write is one
//   transaction), so its record is removed and a retry is judged afresh: an action refused while
//   the office had the task locked can succeed once the conflict is gone.
//
// Powertools is loaded with import() on the first keyed request, so the many requests without a key
// (and every GET) do not pay for it at start-up.
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { currentClients, tableName } from '#functions/data/client';
import { keys } from '#functions/data/keys';
import { TTL_ATTRIBUTE } from '#functions/data/table';
import { AppError, BadRequestError, ConflictError } from './errors';

type HttpResult = APIGatewayProxyStructuredResultV2;

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAY_HEADER = 'idempotent-replay';
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** How long a request may hold its key when the Lambda context cannot say (local runs). */
const DEFAULT_IN_PROGRESS_MS = 30_000;

/** 422: the key was used for another request. */
export class IdempotencyKeyReusedError extends AppError {
  readonly statusCode = 422;
  constructor() {
    super('idempotency.mismatch');
  }
}

/**
 * 409: the first request with this key is still running (a phone that sent, lost its signal and sent
 * again). `code` tells a client to send the same request again shortly; it is no conflict.
 */
export class IdempotencyInProgressError extends ConflictError {
  readonly code = 'idempotency_in_progress';
  constructor() {
    super('idempotency.inProgress');
  }
}

/** A non-2xx answer: handed back as it is, and not kept. */
class NotKept extends Error {
  constructor(readonly result: HttpResult) {
    super('not kept');
  }
}

export interface IdempotencyScope {
  companyId: string;
  userId: string;
}

/** The request's key: undefined without one (or on a read); 400 for a malformed one. */
export function idempotencyKeyOf(event: APIGatewayProxyEventV2, method: string): string | undefined {
  if (!STATE_CHANGING.has(method.toUpperCase())) return undefined;
  const headers = event.headers ?? {};
  const raw = headers[IDEMPOTENCY_HEADER] ?? Object.entries(headers).find(([name]) => name.toLowerCase() === IDEMPOTENCY_HEADER)?.[1];
  if (raw === undefined) return undefined;
  if (!KEY_PATTERN.test(raw)) throw new BadRequestError('idempotency.badKey');
  return raw;
}

/** What a replay must repeat exactly: method, path and body (JSON compared by value, key order aside). */
function requestOf(event: APIGatewayProxyEventV2, method: string) {
  const text = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: compared as text (the handler refuses it anyway)
  }
  return { method: method.toUpperCase(), path: event.rawPath ?? '', body };
}

/**
 * Runs `handle` once per key: the first time for real, every later time answering what it answered.
 * Without a key (or without a signed-in caller) it simply runs.
 */
export async function withIdempotency(
  event: APIGatewayProxyEventV2,
  method: string,
  caller: IdempotencyScope | undefined,
  context: Partial<Context> | undefined,
  handle: () => Promise<HttpResult>,
  options: { waitForFirstMs?: number } = {},
): Promise<HttpResult> {
  const key = caller ? idempotencyKeyOf(event, method) : undefined;
  if (!caller || !key) return handle();
  const [{ makeIdempotent, IdempotencyConfig }, { DynamoDBPersistenceLayer }] = await Promise.all([
    import('@aws-lambda-powertools/idempotency'),
    import('@aws-lambda-powertools/idempotency/dynamodb'),
  ]);
  const persistenceStore = new DynamoDBPersistenceLayer({
    tableName: tableName(),
    keyAttr: 'pk',
    sortKeyAttr: 'sk',
    staticPkValue: keys.idempotencyPartition(caller.companyId),
    expiryAttr: TTL_ATTRIBUTE,
    // The current work's client: the caller's company's scoped one in AWS (the wrappers run this in its context).
    awsSdkV3Client: currentClients().dynamoClient,
  });
  const config = new IdempotencyConfig({
    eventKeyJmesPath: 'key',
    payloadValidationJmesPath: 'request',
    expiresAfterSeconds: IDEMPOTENCY_TTL_SECONDS,
    throwOnNoIdempotencyKey: true,
    responseHook: (response) => {
      const kept = response as HttpResult;
      return { ...kept, headers: { ...(kept.headers ?? {}), [REPLAY_HEADER]: 'true' } };
    },
  });
  // The in-progress record expires with the invocation, so a crashed attempt does not hold the key for a day.
  const remaining = typeof context?.getRemainingTimeInMillis === 'function' ? context.getRemainingTimeInMillis.bind(context) : () => DEFAULT_IN_PROGRESS_MS;
  config.registerLambdaContext({ getRemainingTimeInMillis: remaining } as Context);
  const once = makeIdempotent(
    async (_payload: { key: string; request: unknown }): Promise<HttpResult> => {
      const result = await handle();
      if ((result.statusCode ?? 200) >= 400) throw new NotKept(result);
      // A plain copy: the record keeps JSON data only.
      return JSON.parse(JSON.stringify(result)) as HttpResult;
    },
    { persistenceStore, config, keyPrefix: keys.idempotencyPrefix(caller.userId), dataIndexArgument: 0 },
  );
  // The public API (options.waitForFirstMs): a retry sent while the first request still runs waits
  // for it and answers what it answered, as an integrator's client retrying on a timeout expects.
  const waitUntil = Date.now() + (options.waitForFirstMs ?? 0);
  for (;;) {
    try {
      return await once({ key, request: requestOf(event, method) });
    } catch (error) {
      if (error instanceof NotKept) return error.result;
      const name = (error as Error).name;
      if (name === 'IdempotencyValidationError') throw new IdempotencyKeyReusedError();
      if (name === 'IdempotencyAlreadyInProgressError') {
        if (Date.now() < waitUntil) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          continue;
        }
        throw new IdempotencyInProgressError();
      }
      throw error;
    }
  }
}
