import { expenseBody, type ExpenseBody } from '#shared/schemas';
import { createExpense } from '#functions/data/repositories/expenses';
import { apiHandler, json } from '#functions/lib/http';

export const handler = apiHandler<ExpenseBody>('create-expense', { body: expenseBody }, async ({ caller, body }) =>
  json(await createExpense(caller.companyId, body), 201),
);
