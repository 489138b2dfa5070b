// What IAM refuses in AWS, refused in tests too: while a route runs through local/invoke.ts, every
// DynamoDB and Cognito call it makes is held to what its row of functions/routes.ts declares, the
// same declarations the CDK stack turns into the function's role (infra/lib/constructs/bindings.ts):
//   - a `read` route (tableAccessOf: GET by default) may GetItem, BatchGetItem, Query and
//     TransactGetItems, plus an UpdateItem on a SESSION# item (the sliding session renewal; in AWS
//     an UpdateItem narrowed with dynamodb:LeadingKeys to SESSION#*); any other write is refused;
//   - no route may Scan;
//   - a Cognito Admin* call must be listed in the route's `cognito` (unauthenticated calls such as
//     SignUp or InitiateAuth need no IAM permission and pass).
// A refusal throws an AccessDeniedException naming the route, the call and the declaration to add,
// so a test of a route that would fail in AWS fails here first. Tests and the bench only (npm start
// does not install it); production code never imports local/.
import { AsyncLocalStorage } from 'node:async_hooks';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { routeKey, tableAccessOf, type RouteDefinition } from '../functions/routes';

const current = new AsyncLocalStorage<RouteDefinition>();

const TABLE_READS = new Set(['GetItem', 'BatchGetItem', 'Query', 'TransactGetItems', 'Get', 'BatchGet', 'TransactGet']);
/** The session renewal of a read route: UpdateItem on SESSION#<sid> only. */
const SESSION_PARTITION = /^SESSION#/;

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

export function checkTableCall(route: RouteDefinition, command: unknown): void {
  const name = commandName(command);
  if (name === 'Scan') throw new AccessDeniedError(`${routeKey(route)} may not Scan the table (no Scan on a request path).`);
  if (tableAccessOf(route) === 'write' || TABLE_READS.has(name)) return;
  if ((name === 'Update' || name === 'UpdateItem') && SESSION_PARTITION.test(partitionOf(command) ?? '')) return;
  throw new AccessDeniedError(
    `${routeKey(route)} (${route.handler}) reads the table only (functions/routes.ts: table ${route.table ? `'${route.table}'` : `defaults to 'read' for GET`}) but called ${name} on ${partitionOf(command) ?? 'the table'}: declare table: 'write' on its row, or do not write.`,
  );
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

function guard<T extends { prototype: { send: (...args: any[]) => unknown } }>(client: T, check: (route: RouteDefinition, command: unknown) => void): void {
  const original = client.prototype.send;
  client.prototype.send = function guardedSend(this: unknown, command: unknown, ...rest: unknown[]) {
    const route = current.getStore();
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
  guard(DynamoDBClient, checkTableCall);
  guard(DynamoDBDocumentClient, checkTableCall);
  guard(CognitoIdentityProviderClient, checkCognitoCall);
}

/** Runs `fn` (one invocation of the route's handler) under the route's declared permissions. */
export function runAsRoute<T>(route: RouteDefinition, fn: () => Promise<T>): Promise<T> {
  installPermissionGuard();
  return current.run(route, fn);
}

/** Runs `fn` outside any route (e.g. a test's own setup calls made from inside a handler's context). */
export function runUnguarded<T>(fn: () => T): T {
  return current.exit(fn);
}
