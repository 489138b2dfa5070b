import { invoiceBody, type InvoiceBody } from '#shared/schemas';
import { createCompanyInvoice } from '#functions/finance/invoices';
import { apiHandler, json } from '#functions/lib/http';

export const handler = apiHandler<InvoiceBody>('create-invoice', { body: invoiceBody }, async ({ caller, body }) =>
  json(await createCompanyInvoice(caller.companyId, body), 201),
);
