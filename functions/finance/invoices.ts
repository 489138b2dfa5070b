// Invoice use cases above the repository: the property an invoice is for must be the company's,
// and its name is kept on the invoice for lists, search and exports.
// Expenses likewise may name one of the company's properties (its owner report lists them).
import type { ExpenseBody, InvoiceBody } from '#shared/schemas';
import { scopedPropertyIds } from '#functions/data/property-scope';
import { getProperty } from '#functions/data/repositories/properties';
import { createExpense, type ExpenseView } from '#functions/data/repositories/expenses';
import { createInvoice, type InvoiceView } from '#functions/data/repositories/invoices';
import { BadRequestError } from '#functions/lib/errors';

/**
 * The name of the company's property `propertyId` (null for none); another company's or unknown: 400.
 * A member scoped to property groups records money for one of their properties only (400 without one).
 */
async function propertyNameOf(companyId: string, propertyId: string | null | undefined): Promise<string | null> {
  if (!propertyId && scopedPropertyIds()) throw new BadRequestError('error.badRequest', { propertyId: 'finance.propertyRequiredScoped' });
  if (!propertyId) return null;
  const property = await getProperty(companyId, propertyId);
  if (!property) throw new BadRequestError('error.badRequest', { propertyId: 'task.unknownProperty' });
  return property.name;
}

export async function createCompanyInvoice(companyId: string, body: InvoiceBody, now = new Date()): Promise<InvoiceView> {
  return createInvoice(companyId, { ...body, propertyName: await propertyNameOf(companyId, body.propertyId) }, now);
}

export async function createCompanyExpense(companyId: string, body: ExpenseBody, now = new Date()): Promise<ExpenseView> {
  return createExpense(companyId, { ...body, propertyName: await propertyNameOf(companyId, body.propertyId) }, now);
}
