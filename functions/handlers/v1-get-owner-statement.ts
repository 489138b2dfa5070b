import { ownerStatementParams, ownerStatementSchema, type OwnerStatement } from '#shared/schemas';
import { parseWith } from '#functions/lib/http';
import { apiJson, publicApiHandler } from '#functions/lib/public-api';
import { requirePublicProperty } from '#functions/public-api/properties';
import { loadOwnerReport } from '#functions/reports/owner/load';

/**
 * GET /api/v1/properties/{id}/owner-statements/{month}: the owner report of one property and month
 * as data, built as the app's owner report PDF is (functions/reports/owner: load.ts, data.ts).
 */
export const handler = publicApiHandler('v1-get-owner-statement', {}, async ({ caller, params, language }) => {
  const { month } = parseWith(ownerStatementParams, { month: params.month }, language) as { month: string };
  const property = await requirePublicProperty(caller.companyId, params.id);
  const report = await loadOwnerReport(caller.companyId, [property], month, property.owner ?? { name: '', email: '', language });
  const [figures] = report.properties;
  const statement: OwnerStatement = {
    propertyId: property.id,
    propertyName: property.name,
    address: property.address,
    month: report.month,
    timeZone: report.timeZone,
    currency: 'USD',
    owner: property.owner ? { name: property.owner.name, email: property.owner.email, language: property.owner.language } : null,
    generatedAt: report.generatedAt,
    figures: {
      stays: figures.stays,
      nightsBooked: figures.nights,
      nightsInMonth: figures.nightsAvailable,
      occupancyPercent: figures.occupancyPercent,
      blockedNights: figures.blockedNights,
      cleanings: figures.cleanings,
      problemsReported: figures.problemsReported,
      problemsFixed: figures.problemsFixed,
      expensesCents: figures.expensesCents,
      invoicedCents: figures.invoicedCents,
      paidCents: figures.paidCents,
    },
    stays: figures.stayLines,
    cleanings: figures.cleaningLines,
    problems: figures.problemLines,
    expenses: figures.expenseLines.map(({ cents, ...line }) => ({ ...line, amountCents: cents })),
    invoices: figures.invoiceLines.map(({ cents, ...line }) => ({ ...line, amountCents: cents })),
  };
  return apiJson(ownerStatementSchema.parse(statement));
});
