import { getItem } from '../db';
import { keys } from '../keys';

export const monthKey = (date: Date) => date.toISOString().slice(0, 7);

/** Paid invoice total of a month in cents, kept as a counter when invoices are paid. */
export async function paidRevenueCents(companyId: string, month: string): Promise<number> {
  const item = await getItem<{ paidCents?: number }>(keys.monthlyRevenue(companyId, month));
  return item?.paidCents ?? 0;
}
