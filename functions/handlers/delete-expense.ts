import { deleteExpense } from '#functions/data/repositories/expenses';
import { apiHandler } from '#functions/lib/http';

export const handler = apiHandler('delete-expense', {}, async ({ caller, params }) => {
  await deleteExpense(caller.companyId, params.id);
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
});
