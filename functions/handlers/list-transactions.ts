import { transactionListQuery, type TransactionListQuery } from '#shared/schemas';
import { listTransactions } from '#functions/finance/transactions';
import { apiHandler, page } from '#functions/lib/http';

/** Invoices and expenses, newest first, paginated (`x-next-cursor`), with optional search (`q`) and kind. */
export const handler = apiHandler<unknown, TransactionListQuery>('list-transactions', { query: transactionListQuery }, async ({ caller, query }) => {
  const result = await listTransactions(caller.companyId, query);
  return page(result.items, result.cursor);
});
