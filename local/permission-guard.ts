// What IAM refuses in AWS, refused in tests too: while a route runs through local/invoke.ts, every
// DynamoDB and Cognito call it makes is held to what its row of functions/routes.ts declares, the
// same declarations the CDK stack turns into the function's role (infra/lib/constructs/bindings.ts):
//   - a `read` route (tableAccessOf: GET by default) may GetItem, BatchGetItem, Query and
//     TransactGetItems, plus an UpdateItem on a SESSION# item (the sliding session renewal; in AWS
//     an UpdateItem narrowed with dynamodb:LeadingKeys to SESSION#*: the read tenant role's, in the
//     company's context, or the master console's own role's), or for a public API route
//     (access `apiKey`) on an APIKEY# item (its key's call counter and last use; APIKEY#*); any
//     other write is refused;
//   - a `write` route deletes (DeleteItem, a transaction's Delete, BatchWriteItem) only when its row
//     allows it (deletesOf: `deletes`, default true for DELETE), as DeleteItem is granted in AWS, or
//     its idempotency record in its company's COMPANY#<id>#IDEMPOTENCY partition (the write level's
//     tenant role admits that DeleteItem only);
//   - no route may Scan;
//   - a Cognito Admin* call must be listed in the route's `cognito` (unauthenticated calls such as
//     SignUp or InitiateAuth need no IAM permission and pass).
// A refusal throws an AccessDeniedException naming the route, the call and the declaration to add,
// so a test of a route that would fail in AWS fails here first. Tests, the bench and npm start
// (local/start.ts; its server, local/api-adapter.ts, runs each handler as its route: asRoute) install
// it; production code never imports local/.
// Once installed it also holds every DynamoDB call, in a route or not, to one rule of the data
// (checkTaskListRevision): a write of a task item moves its company's task-list revision in the same
// call, or the task list's cached first pages (functions/tasks/task-list-cache.ts) would go stale.
import { AsyncLocalStorage } from 'node:async_hooks';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import * as s3Commands from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { actsForCompany, deletesOf, routeKey, tableAccessOf, type RouteDefinition } from '../functions/routes';
import { companyIdOfPartition, isTaskItemKey, keys } from '../functions/data/keys';
import { TASK_LIST_REVISION } from '../functions/data/db';
import { currentCompany, withoutCompany } from '../functions/lib/tenant';
import { appendFileSync } from 'node:fs';
import { NON_COMPANY_PARTITIONS } from '../functions/data/scoped-credentials';

const current = new AsyncLocalStorage<RouteDefinition>();

const TABLE_READS = new Set(['GetItem', 'BatchGetItem', 'Query', 'TransactGetItems', 'Get', 'BatchGet', 'TransactGet']);
/** The session renewal of a read route: UpdateItem on SESSION#<sid> only. */
const SESSION_PARTITION = /^SESSION#/;
/** A public API read's own bookkeeping (its key's call counter and last use): UpdateItem on APIKEY#<hash> only. */
const API_KEY_PARTITION = /^APIKEY#/;

export class AccessDeniedError extends Error {
  override readonly name = 'AccessDeniedException';
}

function commandName(command: unknown): string {
  return ((command as { constructor?: { name?: string } })?.constructor?.name ?? '').replace(/Command$/, '');
}

function partitionOf(command: unknown): string | undefined {
  const key = (command as { input?: { Key?: Record<string, unknown> } }).input?.Key?.pk;
  if (typeof key === 'string') return key;
  return (key as { S?: string } | undefined)?.S;
}

/** Whether a call deletes an item: DeleteItem, a transaction's Delete, or a BatchWriteItem (IAM cannot tell its puts from its deletes). */
export function deletesItems(command: unknown): boolean {
  const name = commandName(command);
  if (name === 'Delete' || name === 'DeleteItem' || name === 'BatchWrite' || name === 'BatchWriteItem') return true;
  if (name !== 'TransactWrite' && name !== 'TransactWriteItems') return false;
  const items = ((command as { input?: { TransactItems?: Array<Record<string, unknown>> } }).input?.TransactItems ?? []);
  return items.some((item) => item.Delete !== undefined);
}

export function checkTableCall(route: RouteDefinition, command: unknown): void {
  const name = commandName(command);
  if (name === 'Scan') throw new AccessDeniedError(`${routeKey(route)} may not Scan the table (no Scan on a request path).`);
  if (tableAccessOf(route) === 'write') {
    if (deletesOf(route) || !deletesItems(command) || idempotencyRecordDelete(command)) return;
    const message = `${routeKey(route)} (${route.handler}) does not delete (functions/routes.ts: ${route.deletes === false ? 'deletes: false' : 'deletes defaults to false for ' + route.method}) but called ${name} on ${partitionsOf(command).join(', ') || 'the table'}: declare deletes: true on its row, or do not delete.`;
    if (RECORD) return void appendFileSync(RECORD, `${message}\n---\n`);
    throw new AccessDeniedError(message);
  }
  if (TABLE_READS.has(name)) return;
  // The session's renewal: in the company's context (the read tenant role's ReadBookkeeping) on a
  // company's route, whose own role has no write at all; on the master console's, its own role's.
  if ((name === 'Update' || name === 'UpdateItem') && route.access === 'session' && SESSION_PARTITION.test(partitionOf(command) ?? '') && (!actsForCompany(route) || currentCompany())) return;
  if ((name === 'Update' || name === 'UpdateItem') && route.access === 'apiKey' && API_KEY_PARTITION.test(partitionOf(command) ?? '')) return;
  throw new AccessDeniedError(
    `${routeKey(route)} (${route.handler}) reads the table only (functions/routes.ts: table ${route.table ? `'${route.table}'` : `defaults to 'read' for GET`}) but called ${name} on ${partitionOf(command) ?? 'the table'}: declare table: 'write' on its row, or do not write.`,
  );
}

/** An attribute value as the document client takes it (a string) or as the low-level client does ({ S }). */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const s = (value as { S?: unknown } | undefined)?.S;
  return typeof s === 'string' ? s : undefined;
}

type Keyish = Record<string, unknown> | undefined;
const keyOf = (key: Keyish) => ({ pk: text(key?.pk), sk: text(key?.sk) });

export class TaskListRevisionError extends Error {
  override readonly name = 'TaskListRevisionRule';
}

const RULE =
  "Rule (README, Performance; functions/data/db.ts transactWrite): every write of a task item moves its company's task-list revision " +
  "(COMPANY#<id> / TASKLIST#REV, ADD rev 1) in the same transaction, or the task list's first pages kept per process go stale. " +
  'Write task items through transactWrite, which adds the bump (or include taskListRevisionBump(companyId) in the transaction).';

/** Whether a transaction item (either client's shape) adds to the task list's revision of `companyId`. */
function bumpsRevision(item: Record<string, any>, companyId: string): boolean {
  const update = item.Update;
  if (!update) return false;
  const key = keyOf(update.Key);
  const revision = keys.taskListRevision(companyId);
  if (key.pk !== revision.pk || key.sk !== revision.sk) return false;
  const expression = String(update.UpdateExpression ?? '');
  const names = Object.entries((update.ExpressionAttributeNames ?? {}) as Record<string, string>);
  // The ADD clause's attributes: up to the next clause keyword, comma-separated `<name> <value>`.
  const clause = /\bADD\b([\s\S]*?)(?=\b(?:SET|REMOVE|DELETE)\b|$)/i.exec(expression)?.[1] ?? '';
  const added = clause.split(',').map((part) => part.trim().split(/\s+/)[0]).filter(Boolean);
  return added.some((attribute) => attribute === TASK_LIST_REVISION || names.some(([name, value]) => name === attribute && value === TASK_LIST_REVISION));
}

/**
 * Refuses a DynamoDB call that writes a task item (keys.task) without moving, in the same call, the
 * task-list revision of the item's company: a single Put/Update/Delete or a BatchWrite on a task item
 * never can; a transaction must hold an Update that ADDs to `rev` on keys.taskListRevision.
 */
export function checkTaskListRevision(command: unknown): void {
  const name = commandName(command);
  const input = ((command as { input?: Record<string, any> }).input ?? {}) as Record<string, any>;
  const refuse = (what: string) => {
    throw new TaskListRevisionError(`${name} ${what}. ${RULE}`);
  };
  if (name === 'Put' || name === 'PutItem' || name === 'Update' || name === 'UpdateItem' || name === 'Delete' || name === 'DeleteItem') {
    const key = keyOf(name.startsWith('Put') ? input.Item : input.Key);
    if (isTaskItemKey(key)) refuse(`writes the task item ${key.pk} / ${key.sk} on its own, without moving the task list's revision`);
    return;
  }
  if (name === 'BatchWrite' || name === 'BatchWriteItem') {
    for (const requests of Object.values((input.RequestItems ?? {}) as Record<string, Array<Record<string, any>>>)) {
      for (const request of requests) {
        const key = keyOf(request.PutRequest?.Item ?? request.DeleteRequest?.Key);
        if (isTaskItemKey(key)) refuse(`writes the task item ${key.pk} / ${key.sk} (a batch cannot move the task list's revision with it)`);
      }
    }
    return;
  }
  if (name === 'TransactWrite' || name === 'TransactWriteItems') {
    const items = (input.TransactItems ?? []) as Array<Record<string, any>>;
    for (const item of items) {
      const key = keyOf(item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key);
      if (!isTaskItemKey(key)) continue;
      const companyId = companyIdOfPartition(key.pk!)!;
      if (!items.some((other) => bumpsRevision(other, companyId))) {
        refuse(`writes the task item ${key.pk} / ${key.sk} without an Update adding to ${TASK_LIST_REVISION} on ${keys.taskListRevision(companyId).sk} in the same transaction`);
      }
    }
  }
}

// ---- The company fence (issue 42, point 3): dynamodb:LeadingKeys, applied locally. -------------
// While work acts for a company (functions/lib/tenant.ts: set by the HTTP wrappers, queue workers and
// event handlers), every partition value a DynamoDB call touches must be that company's:
// `COMPANY#<id>` or `COMPANY#<id>#...` (items, and the indexes' gsi*pk values a Query names), or
// start with one of the few prefixes below, each a partition that is no company's and that work
// for a company legitimately reads or writes. Anything else is refused, as IAM refuses a key outside
// the role's dynamodb:LeadingKeys on company-scoped credentials in AWS (docs/tenant-fence.md).
// The list lives with the scoped credentials (functions/data/scoped-credentials.ts): infra grants from it too.
export { NON_COMPANY_PARTITIONS };

/** Records refusals to a file instead of throwing (TENANT_FENCE_RECORD=<file>), to survey a test run. */
const RECORD = process.env.TENANT_FENCE_RECORD;

export class TenantFenceError extends AccessDeniedError {}

const isKeyAttribute = (name: string) => name === 'pk' || /^gsi\d+pk$/.test(name);

/** The partition values a call touches: its items' pk, and the table or index partition a Query names. */
export function partitionsOf(command: unknown): string[] {
  const name = commandName(command);
  const input = ((command as { input?: Record<string, any> }).input ?? {}) as Record<string, any>;
  const out: Array<string | undefined> = [];
  const add = (key: Keyish) => out.push(text(key?.pk));
  switch (name) {
    case 'Get': case 'GetItem': case 'Update': case 'UpdateItem': case 'Delete': case 'DeleteItem':
      add(input.Key);
      break;
    case 'Put': case 'PutItem':
      add(input.Item);
      break;
    case 'BatchGet': case 'BatchGetItem':
      for (const table of Object.values((input.RequestItems ?? {}) as Record<string, { Keys?: Keyish[] }>)) for (const key of table.Keys ?? []) add(key);
      break;
    case 'BatchWrite': case 'BatchWriteItem':
      for (const requests of Object.values((input.RequestItems ?? {}) as Record<string, Array<Record<string, any>>>)) {
        for (const request of requests) add(request.PutRequest?.Item ?? request.DeleteRequest?.Key);
      }
      break;
    case 'TransactWrite': case 'TransactWriteItems': case 'TransactGet': case 'TransactGetItems':
      for (const item of (input.TransactItems ?? []) as Array<Record<string, any>>) {
        add(item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key ?? item.ConditionCheck?.Key ?? item.Get?.Key);
      }
      break;
    case 'Query': {
      const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
      const values = (input.ExpressionAttributeValues ?? {}) as Record<string, unknown>;
      const equalities = String(input.KeyConditionExpression ?? '').matchAll(/([#\w]+)\s*=\s*(:\w+)/g);
      let found = false;
      for (const [, attribute, value] of equalities) {
        if (!isKeyAttribute(names[attribute] ?? attribute)) continue;
        found = true;
        out.push(text(values[value]) ?? `<unreadable ${value}>`);
      }
      if (!found) out.push('<no partition in KeyConditionExpression>');
      break;
    }
    case 'Scan':
      out.push('<Scan: every partition>');
      break;
    default:
      return [];
  }
  return out.map((partition) => partition ?? '<no pk>');
}

/** Whether `partition` is `companyId`'s (or one of the non-company partitions above). */
export function partitionAllowed(partition: string, companyId: string): boolean {
  const own = `COMPANY#${companyId}`;
  if (partition === own || partition.startsWith(`${own}#`)) return true;
  if (partition.startsWith('COMPANY#')) return false;
  return NON_COMPANY_PARTITIONS.some(({ prefix }) => partition.startsWith(prefix));
}

/** Refuses a call, made while acting for a company, that touches a partition not that company's. */
export function checkTenantFence(route: RouteDefinition | undefined, command: unknown): void {
  const companyId = currentCompany();
  if (!companyId) return;
  for (const partition of partitionsOf(command)) {
    if (partitionAllowed(partition, companyId)) continue;
    const who = route ? `${routeKey(route)} (${route.handler})` : 'Background work';
    const message = `${who} acting for company ${companyId} called ${commandName(command)} on ${partition}, which is not that company's (dynamodb:LeadingKeys: COMPANY#${companyId} or COMPANY#${companyId}#...; local/permission-guard.ts NON_COMPANY_PARTITIONS).`;
    if (RECORD) {
      appendFileSync(RECORD, `${message}\n${(new Error().stack ?? '').split('\n').slice(2, 12).join('\n')}\n---\n`);
      continue;
    }
    throw new TenantFenceError(message);
  }
}

// ---- The function's own role (issue 42 point 3): what a company's route may do before its company is known.
// A route that acts for a company (actsForCompany: a session's or an API key's, not the master
// console) runs in its company's context from the moment the session or key is resolved (the
// HTTP wrappers; the company items read with the session or key in that company's context too:
// repositories/sessions.ts getSessionWith, api-keys.ts findApiKeyWith), so in AWS every company item
// is read and written with the company's scoped credentials. Outside the context (the session's or
// key's lookup, the key's call counter) its calls are signed by the function's own role, which infra
// narrows to the NON_COMPANY_PARTITIONS, with the route's item actions: no company item, no Query of
// a company's partitions or indexes, nothing on the cross-company indexes.
// Anything else made outside the context by such a route is refused here as IAM refuses it there.

/**
 * The partition prefixes the function's own role of a company's route admits: a public route's
 * token lookup (`companyFromToken`, e.g. CALEXPORT#), else the NON_COMPANY_PARTITIONS (a session's or
 * key's lookup, the key's call counter). infra/lib/constructs/bindings.ts grants the same.
 */
export function ownRolePrefixes(route: Pick<RouteDefinition, 'companyFromToken'> = {}): readonly string[] {
  return route.companyFromToken ?? NON_COMPANY_PARTITIONS.map(({ prefix }) => prefix);
}

/** Whether the function's own role of a company's route admits a call on `partition` (outside any company context). */
export function ownRoleAllows(partition: string, route?: Pick<RouteDefinition, 'companyFromToken'>): boolean {
  return ownRolePrefixes(route).some((prefix) => partition.startsWith(prefix));
}

/** Refuses a call of a company's route made outside its company context that the function's own role does not admit. */
export function checkOwnRole(route: RouteDefinition | undefined, command: unknown): void {
  if (!route || !actsForCompany(route) || currentCompany()) return;
  const name = commandName(command);
  for (const partition of partitionsOf(command)) {
    if (ownRoleAllows(partition, route)) continue;
    const message = `${routeKey(route)} (${route.handler}) called ${name} on ${partition} outside its company's context, with the function's own role, which admits only ${ownRolePrefixes(route).map((prefix) => `${prefix}*`).join(', ')}: run it inside the company context (functions/lib/tenant.ts withCompany) so that it uses the company's scoped credentials.`;
    if (RECORD) {
      appendFileSync(RECORD, `${message}\n${(new Error().stack ?? '').split('\n').slice(2, 12).join('\n')}\n---\n`);
      continue;
    }
    throw new TenantFenceError(message);
  }
}

/**
 * A writing route's removal of its idempotency record (functions/lib/idempotency.ts: a refused
 * request's record), in its company's context and its company's idempotency partition
 * (`COMPANY#<id>#IDEMPOTENCY`) only: the write level's tenant role admits DeleteItem there and nowhere else.
 */
function idempotencyRecordDelete(command: unknown): boolean {
  const companyId = currentCompany();
  if (!companyId) return false;
  const name = commandName(command);
  const partitions = partitionsOf(command);
  return (name === 'Delete' || name === 'DeleteItem') && partitions.length > 0 && partitions.every((partition) => partition === keys.idempotencyPartition(companyId));
}

// ---- The photo bucket's fence (the S3 counterpart of the above): while work acts for a company, every
// S3 call or presigned URL on the photo bucket (PHOTOS_BUCKET) names a key under that company's prefix,
// `companies/<id>/` (functions/storage/photos.ts companyPrefix), as a tenant role's
// `companies/${aws:PrincipalTag/companyId}/*` would admit (docs/tenant-fence.md, "What is left").

/**
 * Refuses an S3 command (sent or presigned) on the photo bucket made while acting for a company on a
 * key not that company's, or made by a company's route outside its company's context.
 */
export function checkBucketFence(route: RouteDefinition | undefined, command: unknown): void {
  const input = ((command as { input?: { Bucket?: unknown; Key?: unknown; Prefix?: unknown } }).input ?? {});
  if (!process.env.PHOTOS_BUCKET || input.Bucket !== process.env.PHOTOS_BUCKET) return;
  const companyId = currentCompany();
  const key = typeof input.Key === 'string' ? input.Key : typeof input.Prefix === 'string' ? input.Prefix : undefined;
  if (!companyId) {
    // Outside any company: a company's route would sign with the function's own role, which holds no
    // bucket grant in AWS (docs/tenant-fence.md, "The photo bucket"); the tests' own set-up and
    // checks (no route) and work that acts for no company are left alone.
    if (!route || !actsForCompany(route)) return;
    const message = `${routeKey(route)} (${route.handler}) called s3:${commandName(command)} on ${key ?? 'the whole bucket'} outside its company's context, with the function's own role, which holds no photo-bucket grant: run it inside the company context (functions/lib/tenant.ts withCompany) so that it signs with the company's scoped credentials (local/permission-guard.ts checkBucketFence).`;
    if (RECORD) return void appendFileSync(RECORD, `${message}\n---\n`);
    throw new TenantFenceError(message);
  }
  const own = `companies/${companyId}/`;
  if (key !== undefined && key.startsWith(own) && !key.split('/').includes('..')) return;
  const who = route ? `${routeKey(route)} (${route.handler})` : 'Background work';
  const message = `${who} acting for company ${companyId} called s3:${commandName(command)} on ${key ?? 'the whole bucket'}, which is not under that company's prefix ${own} (local/permission-guard.ts checkBucketFence).`;
  if (RECORD) return void appendFileSync(RECORD, `${message}\n---\n`);
  throw new TenantFenceError(message);
}

/**
 * Every S3 command of the SDK checked where it is resolved (`resolveMiddleware`): a `send` and a
 * presigned URL (getSignedUrl does not go through `send`) alike.
 */
function guardBucket(): void {
  for (const [name, value] of Object.entries(s3Commands)) {
    const prototype = (value as { prototype?: { resolveMiddleware?: (...args: unknown[]) => unknown } } | undefined)?.prototype;
    if (!name.endsWith('Command') || typeof prototype?.resolveMiddleware !== 'function') continue;
    const original = prototype.resolveMiddleware;
    prototype.resolveMiddleware = function guardedResolve(this: unknown, ...args: unknown[]) {
      checkBucketFence(current.getStore(), this);
      return original.apply(this, args);
    };
  }
}

export function checkCognitoCall(route: RouteDefinition, command: unknown): void {
  const name = commandName(command);
  if (!name.startsWith('Admin')) return;
  if (route.needs?.includes('cognito') && route.cognito?.some((call) => call === name)) return;
  throw new AccessDeniedError(
    `${routeKey(route)} (${route.handler}) called cognito-idp:${name}, which its row of functions/routes.ts does not declare: add '${name}' to its \`cognito\` (and 'cognito' to its needs).`,
  );
}

let installed = false;

function guard<T extends { prototype: { send: (...args: any[]) => unknown } }>(
  client: T,
  check: (route: RouteDefinition, command: unknown) => void,
  always?: (command: unknown, route: RouteDefinition | undefined) => void,
): void {
  const original = client.prototype.send;
  client.prototype.send = function guardedSend(this: unknown, command: unknown, ...rest: unknown[]) {
    const route = current.getStore();
    try {
      always?.(command, route);
    } catch (error) {
      return Promise.reject(error);
    }
    if (route) {
      try {
        check(route, command);
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return original.call(this, command, ...rest);
  };
}

/** Patches the SDK clients once (idempotent). */
export function installPermissionGuard(): void {
  if (installed) return;
  installed = true;
  const table = (command: unknown, route: RouteDefinition | undefined) => {
    checkTaskListRevision(command);
    checkTenantFence(route, command);
    checkOwnRole(route, command);
  };
  guard(DynamoDBClient, checkTableCall, table);
  guard(DynamoDBDocumentClient, checkTableCall, table);
  guard(CognitoIdentityProviderClient, checkCognitoCall);
  guardBucket();
}

/** Runs `fn` (one invocation of the route's handler) under the route's declared permissions. */
export function runAsRoute<T>(route: RouteDefinition, fn: () => Promise<T>): Promise<T> {
  installPermissionGuard();
  return current.run(route, fn);
}

/**
 * Runs `fn` as the route, without installing the guard: the local server (local/api-adapter.ts)
 * runs every handler so, and where the guard is installed (npm start: local/start.ts; a test
 * process) each call is held to the route's row as through local/invoke.ts.
 */
export function asRoute<T>(route: RouteDefinition, fn: () => Promise<T>): Promise<T> {
  return current.run(route, fn);
}

/** Runs `fn` outside any route (e.g. a test's own setup calls made from inside a handler's context). */
export function runUnguarded<T>(fn: () => T): T {
  return current.exit(() => withoutCompany(fn));
}
