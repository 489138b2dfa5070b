import type { InvoiceBody } from '#shared/schemas';
import { apiRequest } from '../../../lib/api-client';
import { refreshFinancials } from './keys';
import type { InvoiceTransaction } from './types';

/** POST /api/invoices; 400 answers carry `errors` per field. */
export async function createInvoice(body: InvoiceBody): Promise<InvoiceTransaction> {
  const invoice = await apiRequest<InvoiceTransaction>('POST', '/api/invoices', body);
  await refreshFinancials();
  return invoice;
}

/** PUT /api/invoices/{id}/status: paid counts in this month's revenue; idempotent on the server. */
export async function setInvoiceStatus(id: string, status: 'paid' | 'pending'): Promise<InvoiceTransaction> {
  const invoice = await apiRequest<InvoiceTransaction>('PUT', `/api/invoices/${encodeURIComponent(id)}/status`, { status });
  await refreshFinancials();
  return invoice;
}

export async function deleteInvoice(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/invoices/${encodeURIComponent(id)}`);
  await refreshFinancials();
}
