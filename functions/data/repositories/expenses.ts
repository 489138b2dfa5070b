// Expenses: an amount (integer cents + decimal text), the day it was incurred, a category and a
// description. Recording one adds it to its month's and its day's expense counters and to the
// company's totals in the same transaction; deleting it takes it out again.
import { ulid } from 'ulid';
import { fromCents, toCents, utcMonth } from '#shared/rules';
import type { Expense, ExpenseBody } from '#shared/schemas';
import { ConflictError, NotFoundError } from '#functions/lib/errors';
import { tableName } from '../client';
import { getItem, type TransactItem } from '../db';
import { keys } from '../keys';
import { scopedPropertyIds } from '../property-scope';
import { searchText } from './invoices';
import { DAY, FINANCE, MONTH, dayStatsUpdate, financeUpdate, monthUpdate, present, transactCounted } from './report-stats';

export interface StoredExpense extends Expense {
  kind: 'expense';
  search: string;
}

export type ExpenseView = Omit<StoredExpense, 'search'>;

export function toExpenseView(stored: StoredExpense): ExpenseView {
  const { search: _search, ...expense } = stored;
  return expense;
}

function counters(companyId: string, expense: Pick<Expense, 'amountCents' | 'date'>, sign: 1 | -1): TransactItem[] {
  const cents = sign * expense.amountCents;
  return present(
    monthUpdate(companyId, utcMonth(expense.date), { [MONTH.expenseCents]: cents, [MONTH.expenseCount]: sign }),
    dayStatsUpdate(companyId, expense.date, { [DAY.expenseCents]: cents, [DAY.expenseCount]: sign }),
    financeUpdate(companyId, { [FINANCE.expenseCents]: cents, [FINANCE.expenseCount]: sign }),
  );
}

export async function createExpense(
  companyId: string,
  body: Omit<ExpenseBody, 'propertyId'> & { propertyId?: string | null; propertyName?: string | null },
  now = new Date(),
): Promise<ExpenseView> {
  const createdAt = now.toISOString();
  const cents = toCents(body.amount);
  const amount = fromCents(cents);
  const expense: StoredExpense = {
    id: ulid(now.getTime()),
    companyId,
    kind: 'expense',
    amount,
    amountCents: cents,
    date: body.date,
    category: body.category,
    description: body.description ?? null,
    propertyId: body.propertyId ?? null,
    propertyName: body.propertyName ?? null,
    search: searchText([body.description, body.category, body.propertyName], amount),
    createdAt,
    updatedAt: createdAt,
  };
  await transactCounted(
    [
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.expense(companyId, expense.id), ...keys.expenseIndexes(companyId, expense), entity: 'expense', ...expense },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      ...counters(companyId, expense, 1),
    ],
    () => new ConflictError(),
  );
  return toExpenseView(expense);
}

/** The expense, or undefined; one naming no property is the company's own, not a scoped member's (as getStoredInvoice). */
export async function getStoredExpense(companyId: string, expenseId: string): Promise<StoredExpense | undefined> {
  const expense = await getItem<StoredExpense>(keys.expense(companyId, expenseId));
  return expense && (expense.propertyId || !scopedPropertyIds()) ? expense : undefined;
}

/** Deletes an expense and takes it out of its counters; a second delete finds nothing (404). */
export async function deleteExpense(companyId: string, expenseId: string): Promise<void> {
  const current = await getStoredExpense(companyId, expenseId);
  if (!current) throw new NotFoundError();
  await transactCounted(
    [
      {
        Delete: {
          TableName: tableName(),
          Key: keys.expense(companyId, expenseId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      ...counters(companyId, current, -1),
    ],
    () => new NotFoundError(),
  );
}
