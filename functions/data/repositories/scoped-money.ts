// Money under the property scope (docs/property-scope.md "Money"): the company's counters (FINANCE,
// the month items) hold every property's money and the company's own, so for a member scoped to
// property groups the same totals are summed from the invoices and expenses that name one of their
// properties: the data layer leaves out the other properties' items, and those naming no property
// are the company's own. One index Query over the company's transactions, paged; the cost grows with
// the company's transaction count, as a scoped dashboard's grows with its task count. Financials
// (functions/finance/summary.ts) and the dashboard's revenue both read it.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { isInvoiceOverdue, utcMonth } from '#shared/rules';
import { db, tableName } from '../client';
import { keys } from '../keys';
import type { MonthTotals } from './report-stats';

export interface ScopedMoney {
  /** The months asked for, in order, as the month items would hold them for these properties. */
  months: MonthTotals[];
  unpaidCents: number;
  unpaidCount: number;
  paidCount: number;
  overdue: { count: number; cents: number };
}

interface Row {
  kind?: string;
  propertyId?: string | null;
  amountCents?: number;
  status?: string;
  dueDate?: string;
  paidAt?: string | null;
  date?: string;
}

async function propertyTransactions(companyId: string): Promise<Row[]> {
  const rows: Row[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi2',
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': 'gsi2pk' },
        ExpressionAttributeValues: { ':pk': keys.transactions(companyId) },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) if (item.propertyId) rows.push(item as Row);
    start = page.LastEvaluatedKey;
  } while (start);
  return rows;
}

/** The caller's properties' money: the months' paid revenue and expenses, unpaid and overdue invoices. */
export async function scopedMoney(companyId: string, months: readonly string[], now: Date): Promise<ScopedMoney> {
  const totals = months.map((month): MonthTotals => ({ month, paidCents: 0, paidCount: 0, expenseCents: 0, expenseCount: 0 }));
  const byMonth = new Map(totals.map((entry) => [entry.month, entry]));
  const money: ScopedMoney = { months: totals, unpaidCents: 0, unpaidCount: 0, paidCount: 0, overdue: { count: 0, cents: 0 } };
  for (const row of await propertyTransactions(companyId)) {
    const cents = Number(row.amountCents ?? 0);
    if (row.kind === 'expense') {
      const entry = row.date ? byMonth.get(row.date.slice(0, 7)) : undefined;
      if (entry) {
        entry.expenseCents += cents;
        entry.expenseCount += 1;
      }
    } else if (row.kind === 'invoice' && row.status === 'paid') {
      money.paidCount += 1;
      const entry = row.paidAt ? byMonth.get(utcMonth(new Date(row.paidAt))) : undefined;
      if (entry) {
        entry.paidCents += cents;
        entry.paidCount += 1;
      }
    } else if (row.kind === 'invoice') {
      money.unpaidCents += cents;
      money.unpaidCount += 1;
      if (row.dueDate && isInvoiceOverdue('pending', row.dueDate, now)) {
        money.overdue.count += 1;
        money.overdue.cents += cents;
      }
    }
  }
  return money;
}
