import { expenseBody, type ExpenseBody } from '#shared/schemas';
import { createCompanyExpense } from '#functions/finance/invoices';
import { apiHandler, json } from '#functions/lib/http';

export const handler = apiHandler<ExpenseBody>('create-expense', { body: expenseBody }, async ({ caller, body }) =>
  json(await createCompanyExpense(caller.companyId, body), 201),
);
