import { invoiceStatusBody, type InvoiceStatusBody } from '#shared/schemas';
import { setInvoiceStatus } from '#functions/data/repositories/invoices';
import { apiHandler, json } from '#functions/lib/http';

/**
 * Marks an invoice paid or unpaid. Idempotent: asking for the status it already has changes and
 * counts nothing, so a double click on "Mark as paid" adds its amount to the revenue once.
 */
export const handler = apiHandler<InvoiceStatusBody>('update-invoice-status', { body: invoiceStatusBody }, async ({ caller, params, body }) =>
  json(await setInvoiceStatus(caller.companyId, params.id, body.status)),
);
