import type { ExpenseBody } from '#shared/schemas';
import { apiRequest } from '../../../lib/api-client';
import { refreshFinancials } from './keys';
import type { ExpenseTransaction } from './types';

/** POST /api/expenses; 400 answers carry `errors` per field. */
export async function createExpense(body: ExpenseBody): Promise<ExpenseTransaction> {
  const expense = await apiRequest<ExpenseTransaction>('POST', '/api/expenses', body);
  await refreshFinancials();
  return expense;
}

export async function deleteExpense(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/expenses/${encodeURIComponent(id)}`);
  await refreshFinancials();
}
