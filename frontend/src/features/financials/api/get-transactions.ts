// The transaction feed, page by page: the body is one page (a JSON array) and the next cursor
// travels in the `x-next-cursor` header, which apiGetPage keeps.
import { useEffect } from 'react';
import useSWRInfinite, { type SWRInfiniteKeyLoader } from 'swr/infinite';
import type { TransactionKind } from '#shared/schemas';
import { apiGetPage, type ApiError, type CursorPage } from '../../../lib/api-client';
import { TRANSACTIONS_PATH, registerTransactionList } from './keys';
import type { Transaction } from './types';

type Page = CursorPage<Transaction>;
export const fetchTransactionPage = (url: string) => apiGetPage<Transaction>(url);

export interface TransactionFilter {
  /** Server-side search text (every transaction, not only the loaded ones). */
  q?: string;
  kind?: TransactionKind;
  pageSize: number;
}

function url(filter: TransactionFilter, cursor?: string): string {
  const params = new URLSearchParams({ limit: String(filter.pageSize) });
  if (filter.q) params.set('q', filter.q);
  if (filter.kind) params.set('kind', filter.kind);
  if (cursor) params.set('cursor', cursor);
  return `${TRANSACTIONS_PATH}?${params.toString()}`;
}

/** The screen's latest transactions (RecentTransactionsCard, before any search). */
export const RECENT_TRANSACTIONS_FILTER: TransactionFilter = { pageSize: 5 };

/** The SWR key loader of a transaction list (also what the screen's first reads name). */
export function transactionsKeyLoader(filter: TransactionFilter, enabled = true): SWRInfiniteKeyLoader {
  return (index, previous: Page | null) => {
    if (!enabled) return null;
    if (index === 0) return url(filter);
    return previous?.nextCursor ? url(filter, previous.nextCursor) : null;
  };
}

/** GET /api/financials/transactions, newest first; `enabled` false waits (e.g. a closed dialog). */
export function useTransactions(filter: TransactionFilter, enabled = true) {
  const { data, error, isLoading, size, setSize, mutate } = useSWRInfinite<Page, ApiError>(
    transactionsKeyLoader(filter, enabled),
    fetchTransactionPage,
    { revalidateFirstPage: false },
  );
  useEffect(() => registerTransactionList(() => mutate()), [mutate]);
  const pages = data ?? [];
  return {
    transactions: pages.flatMap((page) => page.items),
    isLoading,
    error,
    hasMore: Boolean(pages[pages.length - 1]?.nextCursor),
    isLoadingMore: size > pages.length && !error && !isLoading,
    loadMore: () => void setSize(size + 1),
  };
}
