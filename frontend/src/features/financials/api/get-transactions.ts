// The transaction feed, page by page: the body is one page (a JSON array) and the next cursor
// travels in the `x-next-cursor` header, which apiRequest does not expose, so pages are read with
// fetch (cookies, Accept-Language as apiRequest sends them). A non-OK answer is re-issued through
// apiRequest so it rejects with the same ApiError and a 401 reaches the shell's redirect.
import { useEffect } from 'react';
import useSWRInfinite from 'swr/infinite';
import type { TransactionKind } from '#shared/schemas';
import { apiRequest, type ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { TRANSACTIONS_PATH, registerTransactionList } from './keys';
import type { Transaction } from './types';

interface Page {
  items: Transaction[];
  nextCursor: string | undefined;
}

async function fetchPage(url: string): Promise<Page> {
  const response = await fetch(url, { headers: { Accept: 'application/json', 'Accept-Language': currentLanguage() }, credentials: 'include' });
  if (!response.ok) {
    await apiRequest('GET', url);
    throw new Error(`${response.status}: ${response.statusText}`);
  }
  const body: unknown = await response.json().catch(() => []);
  return { items: Array.isArray(body) ? (body as Transaction[]) : [], nextCursor: response.headers.get('x-next-cursor') ?? undefined };
}

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

/** GET /api/financials/transactions, newest first; `enabled` false waits (e.g. a closed dialog). */
export function useTransactions(filter: TransactionFilter, enabled = true) {
  const { data, error, isLoading, size, setSize, mutate } = useSWRInfinite<Page, ApiError>(
    (index, previous: Page | null) => {
      if (!enabled) return null;
      if (index === 0) return url(filter);
      return previous?.nextCursor ? url(filter, previous.nextCursor) : null;
    },
    fetchPage,
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
