// The property scope (issue 41 point 2, docs/property-scope.md): a member scoped to property groups
// sees and changes only those properties. The HTTP wrappers put the caller's allowed property ids in
// the request context (functions/lib/tenant.ts); this module enforces them below every repository, as
// a middleware on the DynamoDB clients the data layer sends through (client.ts):
// - reads (GetItem, BatchGetItem, Query, Scan, TransactGetItems): an item of a property outside the
//   scope reads as absent, so a get answers 404 exactly like another company's id and a list leaves it out;
// - writes (Put, Update, Delete, ConditionCheck, alone, batched or in a transaction) to an item of
//   a property outside the scope are refused as not found (NotFoundError) before they are sent.
// An item's property: the property item itself (sort key PROPERTY#<id>), a per-property item whose
// sort key names it (PROPERTY_SORT_KEYS), or any item with a `propertyId` attribute (tasks,
// reservations, feeds, checklists, list entries, notifications). Items of no property (the company,
// members, counters) pass. Without a scope (the CEO, unscoped members, background work) nothing runs.
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { NotFoundError } from '#functions/lib/errors';
import { currentPropertyScope } from '#functions/lib/tenant';
import { dynamoClient, readClient } from './client';

/** The properties the current caller may see and change; undefined: every property of the company. */
export function scopedPropertyIds(): ReadonlySet<string> | undefined {
  return currentPropertyScope();
}

/** Whether the current caller may see and change this property (always, when unscoped). */
export function inScope(propertyId: string): boolean {
  const scope = currentPropertyScope();
  return !scope || scope.has(propertyId);
}

/** 404 (like another company's id) when the property is outside the current caller's scope. */
export function assertInScope(propertyId: string): void {
  if (!inScope(propertyId)) throw new NotFoundError();
}

/** Keeps the entries whose property is in the current caller's scope. */
export function filterToScope<T>(items: readonly T[], propertyOf: (item: T) => string | null | undefined): T[] {
  const scope = currentPropertyScope();
  if (!scope) return [...items];
  return items.filter((item) => {
    const propertyId = propertyOf(item);
    return !propertyId || scope.has(propertyId);
  });
}

/**
 * Sort-key prefixes of per-property items whose next segment is the property id (keys.ts): the
 * property itself, its occupancy months and nights, its due-date entries, feeds, default checklist,
 * flagged stays and calendar export.
 */
const PROPERTY_SORT_KEYS = ['PROPERTY#', 'OCC#', 'NIGHT#', 'TASKDUE#', 'ICALFEED#', 'CHECKLISTTEMPLATE#', 'FLAGGED#', 'CALEXPORT#PROPERTY#'];

type Attributes = Record<string, unknown>;

/** A string attribute, from a native item (document client) or a marshalled one (low-level client). */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as AttributeValue).S === 'string') return (value as { S: string }).S;
  return undefined;
}

/** The property an item (or a key) belongs to, or undefined for an item of no property. */
export function propertyOfItem(item: Attributes | undefined): string | undefined {
  if (!item) return undefined;
  const pk = text(item.pk);
  if (pk !== undefined && !pk.startsWith('COMPANY#')) return undefined;
  const sk = text(item.sk);
  if (sk !== undefined) {
    for (const prefix of PROPERTY_SORT_KEYS) {
      if (sk.startsWith(prefix)) return sk.slice(prefix.length).split('#')[0] || undefined;
    }
  }
  return text(item.propertyId);
}

const outside = (scope: ReadonlySet<string>, item: Attributes | undefined) => {
  const propertyId = propertyOfItem(item);
  return propertyId !== undefined && !scope.has(propertyId);
};

type Input = Record<string, any>;

/** Refuses (404) a write that reaches an item of a property outside the scope. */
function checkWrites(name: string, input: Input, scope: ReadonlySet<string>): void {
  const refuse = (item: Attributes | undefined) => {
    if (outside(scope, item)) throw new NotFoundError();
  };
  switch (name) {
    case 'PutCommand':
    case 'PutItemCommand':
      refuse(input.Item);
      break;
    case 'UpdateCommand':
    case 'UpdateItemCommand':
    case 'DeleteCommand':
    case 'DeleteItemCommand':
      refuse(input.Key);
      break;
    case 'BatchWriteCommand':
    case 'BatchWriteItemCommand':
      for (const requests of Object.values((input.RequestItems ?? {}) as Record<string, Input[]>)) {
        for (const request of requests) refuse(request.PutRequest?.Item ?? request.DeleteRequest?.Key);
      }
      break;
    case 'TransactWriteCommand':
    case 'TransactWriteItemsCommand':
      for (const item of (input.TransactItems ?? []) as Input[]) {
        refuse(item.Put?.Item);
        refuse(item.Update?.Key ?? item.Delete?.Key ?? item.ConditionCheck?.Key);
      }
      break;
    default:
  }
}

/** Projected reads also read what the filter needs (the sort key and propertyId), removed again after. */
const SCOPE_NAMES = { '#scopeSk': 'sk', '#scopePid': 'propertyId' } as const;

function widenProjection(input: Input, projected: Set<string>): Input {
  const missing = Object.entries(SCOPE_NAMES).filter(([, attribute]) => !projected.has(attribute));
  if (!missing.length) return input;
  return {
    ...input,
    ProjectionExpression: [input.ProjectionExpression, ...missing.map(([placeholder]) => placeholder)].join(', '),
    ExpressionAttributeNames: { ...(input.ExpressionAttributeNames ?? {}), ...Object.fromEntries(missing) },
  };
}

function projectedAttributes(input: Input): Set<string> | undefined {
  if (!input.ProjectionExpression) return undefined;
  const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
  return new Set(String(input.ProjectionExpression).split(',').map((part) => part.trim()).map((part) => names[part] ?? part));
}

function narrow(items: Attributes[], scope: ReadonlySet<string>, projected: Set<string> | undefined): Attributes[] {
  const kept = items.filter((item) => !outside(scope, item));
  if (!projected) return kept;
  return kept.map((item) => {
    const copy: Attributes = {};
    for (const name in item) if (projected.has(name) || (name !== 'sk' && name !== 'propertyId')) copy[name] = item[name];
    return copy;
  });
}

/** Drops the items of properties outside the scope from a read's answer. */
function filterOutput(name: string, output: Input, scope: ReadonlySet<string>, projected: Set<string> | undefined): void {
  switch (name) {
    case 'GetCommand':
    case 'GetItemCommand':
      if (output.Item && outside(scope, output.Item)) delete output.Item;
      else if (output.Item && projected) output.Item = narrow([output.Item], scope, projected)[0];
      break;
    case 'QueryCommand':
    case 'ScanCommand':
      if (output.Items) {
        output.Items = narrow(output.Items, scope, projected);
        output.Count = output.Items.length;
      }
      break;
    case 'BatchGetCommand':
    case 'BatchGetItemCommand':
      for (const [table, items] of Object.entries((output.Responses ?? {}) as Record<string, Attributes[]>)) {
        output.Responses[table] = narrow(items, scope, projected);
      }
      break;
    case 'TransactGetCommand':
    case 'TransactGetItemsCommand':
      for (const response of (output.Responses ?? []) as Input[]) if (response?.Item && outside(scope, response.Item)) delete response.Item;
      break;
    default:
  }
}

const READS = new Set(['GetCommand', 'GetItemCommand', 'QueryCommand', 'ScanCommand', 'BatchGetCommand', 'BatchGetItemCommand', 'TransactGetCommand', 'TransactGetItemsCommand']);

type Handler = (args: { input: Input }) => Promise<{ output: Input }>;

/** The middleware: outermost on the client's stack, so it sees every call once, retries included. */
const scopeMiddleware = (next: Handler, context: { commandName?: string }) => async (args: { input: Input }) => {
  const scope = currentPropertyScope();
  const name = context.commandName ?? '';
  if (!scope) return next(args);
  checkWrites(name, args.input, scope);
  const read = READS.has(name);
  // A COUNT (Select: 'COUNT') reads the keys it counts instead, and counts those in the scope.
  if ((name === 'QueryCommand' || name === 'ScanCommand') && args.input.Select === 'COUNT') {
    const { Select: _select, ...rest } = args.input;
    const result = await next({ ...args, input: { ...rest, ProjectionExpression: '#scopeSk, #scopePid', ExpressionAttributeNames: { ...(rest.ExpressionAttributeNames ?? {}), ...SCOPE_NAMES } } });
    result.output.Count = narrow(result.output.Items ?? [], scope, undefined).length;
    delete result.output.Items;
    return result;
  }
  const projected = read && !name.startsWith('Batch') && !name.startsWith('Transact') ? projectedAttributes(args.input) : undefined;
  const result = await next(projected ? { ...args, input: widenProjection(args.input, projected) } : args);
  if (read) filterOutput(name, result.output, scope, projected);
  return result;
};

let installed = false;

/** Installs the scope on the data layer's clients (once; before their first call: readClient caches its stack). */
export function installPropertyScope(): void {
  if (installed) return;
  installed = true;
  for (const client of [readClient, dynamoClient]) {
    client.middlewareStack.add(scopeMiddleware as never, { step: 'initialize', name: 'propertyScope', priority: 'high', override: true });
  }
}

installPropertyScope();
