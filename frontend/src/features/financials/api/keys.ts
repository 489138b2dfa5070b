import { mutate } from 'swr';

export const FINANCIAL_SUMMARY_KEY = '/api/financials/summary';
export const TRANSACTIONS_PATH = '/api/financials/transactions';
/** The dashboard's metrics read the same monthly revenue counter. */
export const DASHBOARD_METRICS_KEY = '/api/dashboard/metrics';

// Transaction lists are cursor lists (swr/infinite), whose cache keys a filtered `mutate` skips, so
// each mounted list registers its own refresh here.
const listRefreshers = new Set<() => Promise<unknown>>();

export function registerTransactionList(refresh: () => Promise<unknown>): () => void {
  listRefreshers.add(refresh);
  return () => {
    listRefreshers.delete(refresh);
  };
}

/** After any money write: the cards, every mounted transaction list and the dashboard metrics. */
export async function refreshFinancials(): Promise<void> {
  await Promise.all([mutate(FINANCIAL_SUMMARY_KEY), mutate(DASHBOARD_METRICS_KEY), ...[...listRefreshers].map((refresh) => refresh())]);
}
