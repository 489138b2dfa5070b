// Invoice use cases above the repository: the property an invoice is for must be the company's,
// and its name is kept on the invoice for lists, search and exports.
import type { InvoiceBody } from '#shared/schemas';
import { getProperty } from '#functions/data/repositories/properties';
import { createInvoice, type InvoiceView } from '#functions/data/repositories/invoices';
import { BadRequestError } from '#functions/lib/errors';

export async function createCompanyInvoice(companyId: string, body: InvoiceBody, now = new Date()): Promise<InvoiceView> {
  let propertyName: string | null = null;
  if (body.propertyId) {
    const property = await getProperty(companyId, body.propertyId);
    if (!property) throw new BadRequestError('error.badRequest', { propertyId: 'task.unknownProperty' });
    propertyName = property.name;
  }
  return createInvoice(companyId, { ...body, propertyName }, now);
}
