// Reads what an owner report needs and builds it (data.ts): per property its reservations sharing
// a day with the month, its tasks, and the month's expenses and invoices that name it.
import { addDays, monthBounds } from '#shared/days';
import type { Property, PropertyOwner } from '#shared/schemas';
import { getCompany } from '#functions/data/repositories/companies';
import { getProperty } from '#functions/data/repositories/properties';
import { reservationsOverlapping } from '#functions/data/repositories/reservations';
import {
  allProperties,
  propertyExpensesBetween,
  propertyInvoicesBetween,
  propertyTasks,
} from '#functions/data/repositories/owner-reports';
import { NotFoundError } from '#functions/lib/errors';
import { buildOwnerReport, type OwnerReportData } from './data';

export const DEFAULT_TIME_ZONE = 'America/New_York';

/** The report of `properties` (all the company's) for `month`, texts in `owner`'s language. */
export async function loadOwnerReport(
  companyId: string,
  properties: readonly Property[],
  month: string,
  owner: PropertyOwner,
  now = new Date(),
): Promise<OwnerReportData> {
  const company = await getCompany(companyId);
  if (!company) throw new NotFoundError();
  const timeZone = company.timezone ?? DEFAULT_TIME_ZONE;
  const { first, next } = monthBounds(month);
  const ids = properties.map((property) => property.id);
  // Invoices are on the feed by the UTC day they were created: a day either side covers every zone.
  const [expenses, invoices, perProperty] = await Promise.all([
    propertyExpensesBetween(companyId, first, addDays(next, -1), ids),
    propertyInvoicesBetween(companyId, addDays(first, -1), next, ids),
    Promise.all(
      properties.map(async (property) => ({
        property,
        reservations: await reservationsOverlapping(companyId, property.id, first, next),
        tasks: await propertyTasks(companyId, property.id),
      })),
    ),
  ]);
  return buildOwnerReport({
    month,
    timeZone,
    companyName: company.name,
    owner,
    now,
    properties: perProperty.map((items) => ({
      ...items,
      expenses: expenses.filter((expense) => expense.propertyId === items.property.id),
      invoices: invoices.filter((invoice) => invoice.propertyId === items.property.id),
    })),
  });
}

/** The company's property `propertyId` (404 for another company's or none). */
export async function requireOwnProperty(companyId: string, propertyId: string): Promise<Property> {
  const property = await getProperty(companyId, propertyId);
  if (!property) throw new NotFoundError();
  return property;
}

/** The company's properties whose owner has this e-mail (case-insensitive), by name. */
export async function propertiesOfOwner(companyId: string, ownerEmail: string): Promise<Property[]> {
  const wanted = ownerEmail.trim().toLowerCase();
  return (await allProperties(companyId)).filter((property) => property.owner?.email.toLowerCase() === wanted);
}

/** The owner a report is addressed to: the property's, or (no owner set) a report in `fallback` language for the manager. */
export function ownerOf(property: Property, fallback: PropertyOwner): PropertyOwner {
  return property.owner ?? fallback;
}
