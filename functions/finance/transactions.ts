// The transaction feed: invoices (income) and expenses of a company, newest first by their date
// (an invoice's issue day, an expense's day), from one index Query with a Limit.
//
// Search is server-side, so it covers the whole history rather than the pages already loaded: each
// item keeps a lower-case, accent-free search text (client, description, property, category and the
// amount as "1250.50" and "1,250.50"), and the Query filters on `contains`. A filtered Query still
// reads items that do not match, so one request reads at most SEARCH_READ_BUDGET items and answers
// the matches found so far with a cursor to go on; the screen's "Load more" continues from there.
import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { TransactionListQuery } from '#shared/schemas';
import { db, tableName } from '#functions/data/client';
import { decodeCursor, encodeCursor } from '#functions/data/db';
import { keys, stripKeys } from '#functions/data/keys';
import { scopedPropertyIds } from '#functions/data/property-scope';
import { normaliseSearch, toInvoiceView, type InvoiceView, type StoredInvoice } from '#functions/data/repositories/invoices';
import { toExpenseView, type ExpenseView, type StoredExpense } from '#functions/data/repositories/expenses';

export type Transaction = (InvoiceView & { kind: 'invoice' }) | (ExpenseView & { kind: 'expense' });

/** At most this many items are read (matching or not) to answer one search request. */
export const SEARCH_READ_BUDGET = 1000;

export interface TransactionPage {
  items: Transaction[];
  cursor?: string;
}

function toTransaction(raw: Record<string, unknown>, now: Date): Transaction {
  const item = stripKeys<StoredInvoice | StoredExpense>(raw);
  return item.kind === 'expense' ? toExpenseView(item as StoredExpense) : toInvoiceView(item as StoredInvoice, now);
}

export async function listTransactions(companyId: string, query: TransactionListQuery, now = new Date()): Promise<TransactionPage> {
  const index = query.kind ? 'gsi3' : 'gsi2';
  const partition = query.kind ? keys.transactionsByKind(companyId, query.kind) : keys.transactions(companyId);
  const pkName = `${index}pk`;
  const skName = `${index}sk`;
  const search = query.q ? normaliseSearch(query.q.replace(/^\$/, '')) : '';
  let start: Record<string, unknown> | undefined = decodeCursor(query.cursor, { index, partition });
  const matches: Array<Record<string, unknown>> = [];
  const scoped = scopedPropertyIds() !== undefined;
  let read = 0;
  let result: QueryCommandOutput;
  do {
    const pageSize = search ? Math.min(100, SEARCH_READ_BUDGET - read) : query.limit - matches.length;
    result = await db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: index,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': pkName, ...(search ? { '#search': 'search' } : {}) },
        ExpressionAttributeValues: { ':pk': partition, ...(search ? { ':q': search } : {}) },
        FilterExpression: search ? 'contains(#search, :q)' : undefined,
        ScanIndexForward: false,
        Limit: pageSize,
        ExclusiveStartKey: start,
      }),
    );
    read += result.ScannedCount ?? 0;
    for (const item of result.Items ?? []) {
      // A member scoped to property groups: the company's own money (no property) is not theirs.
      if (scoped && !item.propertyId) continue;
      matches.push(item);
      if (matches.length === query.limit) break;
    }
    start = result.LastEvaluatedKey;
    if (matches.length === query.limit) {
      // Stopped inside a page: go on after the last item answered, not after the page read.
      const last = matches[matches.length - 1];
      const lastItemOfPage = (result.Items ?? [])[(result.Items ?? []).length - 1];
      if (last !== lastItemOfPage || !start) {
        start = last === lastItemOfPage && !start ? undefined : { pk: last.pk, sk: last.sk, [pkName]: last[pkName], [skName]: last[skName] };
      }
      break;
    }
  } while (start && (!search || read < SEARCH_READ_BUDGET));
  return { items: matches.map((raw) => toTransaction(raw, now)), cursor: encodeCursor(start) };
}
