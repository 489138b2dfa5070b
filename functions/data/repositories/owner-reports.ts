// What an owner report reads (functions/owner-reports): a property's tasks, the invoices and
// expenses of a month that name it, and the company's properties that have owners. Each is a Query
// on a tenant-prefixed key (the property's task index, the transaction feed by kind and date).
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Expense, Invoice, Property, Task } from '#shared/schemas';
import { db, tableName } from '../client';
import { queryAll } from '../db';
import { keys, stripKeys } from '../keys';
import { listProperties } from './properties';

/** Most tasks read of one property (years of daily turnovers fit). */
const MAX_PROPERTY_TASKS = 20_000;

/** Every task of a property (its task index), oldest first. */
export async function propertyTasks(companyId: string, propertyId: string): Promise<Task[]> {
  return queryAll<Task>({ index: 'gsi4', partition: keys.tasksByProperty(companyId, propertyId), beginsWith: 'TASK#' }, MAX_PROPERTY_TASKS);
}

/**
 * Transactions of one kind whose feed date (expenses: the day incurred; invoices: the UTC day
 * created) is within [fromDay, toDay] and that name one of `propertyIds`.
 */
async function transactionsBetween<T>(companyId: string, kind: 'invoice' | 'expense', fromDay: string, toDay: string, propertyIds: readonly string[]): Promise<T[]> {
  const wanted = new Set(propertyIds);
  const found: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': keys.transactionsByKind(companyId, kind), ':from': `${fromDay}#`, ':to': `${toDay}#\u{10FFFF}` },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of result.Items ?? []) if (wanted.has(item.propertyId as string)) found.push(stripKeys<T>(item));
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  return found;
}

export const propertyExpensesBetween = (companyId: string, fromDay: string, toDay: string, propertyIds: readonly string[]) =>
  transactionsBetween<Expense>(companyId, 'expense', fromDay, toDay, propertyIds);

export const propertyInvoicesBetween = (companyId: string, fromDay: string, toDay: string, propertyIds: readonly string[]) =>
  transactionsBetween<Invoice>(companyId, 'invoice', fromDay, toDay, propertyIds);

/** The company's properties (bounded by the plan), every page. */
export async function allProperties(companyId: string): Promise<Property[]> {
  const properties: Property[] = [];
  let cursor: string | undefined;
  do {
    const page = await listProperties(companyId, { limit: 100, cursor });
    properties.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return properties;
}

/** The companies that have at least one property with an owner (the sparse owned-properties index). */
export async function companiesWithOwners(): Promise<string[]> {
  const owned = await queryAll<{ companyId: string }>({ index: 'gsi2', partition: keys.ownedProperties, attributes: ['companyId'] }, 1_000_000);
  return [...new Set(owned.map((item) => item.companyId))];
}
