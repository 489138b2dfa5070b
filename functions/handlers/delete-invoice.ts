import { deleteInvoice } from '#functions/data/repositories/invoices';
import { apiHandler } from '#functions/lib/http';

export const handler = apiHandler('delete-invoice', {}, async ({ caller, params }) => {
  await deleteInvoice(caller.companyId, params.id);
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
});
