import { getItem } from '../db';
import { keys } from '../keys';

export const monthKey = (date: Date) => date.toISOString().slice(0, 7);

/** Paid invoice total of a month in cents, kept as a counter when invoices are paid. */
export async function paidRevenueCents(companyId: string, month: string): Promise<number> {
  return paidCentsFromItem(await getItem(keys.monthlyRevenue(companyId, month)));
}

export function paidCentsFromItem(item: { paidCents?: unknown } | undefined): number {
  return Number(item?.paidCents ?? 0);
}
