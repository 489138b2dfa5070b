// The Financials screen's figures, all from counters: this and last month's revenue and expenses
// (one Query over the month items), the unpaid total and the paid count (one GetItem), and the
// overdue invoices (one Query on the unpaid-by-due-date index, reading only the overdue ones).
import { monthsEndingWith, percentChange, utcDay, utcMonth } from '#shared/rules';
import { overdueTotals } from '#functions/data/repositories/invoices';
import { getFinanceCounters, monthRevenue, queryMonths, type FinanceCounters, type MonthTotals } from '#functions/data/repositories/report-stats';
import { money, type Money } from '#shared/money';
import { scopedPropertyIds } from '#functions/data/property-scope';
import { scopedMoney } from '#functions/data/repositories/scoped-money';

/** Months shown on the revenue chart, the current one included. */
export const CHART_MONTHS = 6;

export interface FinancialSummary {
  currency: 'USD';
  /** The current month (UTC), YYYY-MM. */
  month: string;
  /** Paid invoices of the current month, and the change against last month (null when last month was 0). */
  revenue: Money;
  revenueChange: number | null;
  expenses: Money;
  expensesChange: number | null;
  netProfit: Money;
  netProfitChange: number | null;
  /** Unpaid invoices: the total (pending and overdue) and the overdue ones. */
  outstanding: Money;
  overdue: { count: number; total: Money };
  /** Invoice counts by status; pending excludes the overdue ones. */
  paymentStatus: { paid: number; pending: number; overdue: number };
  /** Revenue and expenses of the last CHART_MONTHS months, oldest first. */
  months: Array<{ month: string; revenue: Money; expenses: Money; netProfit: Money }>;
}

export async function getFinancialSummary(companyId: string, now = new Date()): Promise<FinancialSummary> {
  const month = utcMonth(now);
  const chart = monthsEndingWith(month, CHART_MONTHS);
  let months: MonthTotals[];
  let finance: Pick<FinanceCounters, 'unpaidCents' | 'unpaidCount' | 'paidCount'>;
  let overdue: { count: number; cents: number };
  if (scopedPropertyIds()) {
    // A member scoped to property groups: their properties' money only (docs/property-scope.md "Money").
    const scoped = await scopedMoney(companyId, chart, now);
    ({ months, overdue } = scoped);
    finance = scoped;
  } else {
    [months, finance, overdue] = await Promise.all([queryMonths(companyId, chart), getFinanceCounters(companyId), overdueTotals(companyId, utcDay(now))]);
  }
  const current = months[months.length - 1];
  const previous = months[months.length - 2];
  const net = (m: typeof current) => m.paidCents - m.expenseCents;
  return {
    currency: 'USD',
    month,
    revenue: money(monthRevenue(current, previous).cents),
    revenueChange: monthRevenue(current, previous).change,
    expenses: money(current.expenseCents),
    expensesChange: percentChange(current.expenseCents, previous.expenseCents),
    netProfit: money(net(current)),
    netProfitChange: percentChange(net(current), net(previous)),
    outstanding: money(finance.unpaidCents),
    overdue: { count: overdue.count, total: money(overdue.cents) },
    paymentStatus: {
      paid: finance.paidCount,
      pending: Math.max(0, finance.unpaidCount - overdue.count),
      overdue: overdue.count,
    },
    months: months.map((m) => ({ month: m.month, revenue: money(m.paidCents), expenses: money(m.expenseCents), netProfit: money(net(m)) })),
  };
}
