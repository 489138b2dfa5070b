// The portfolio calendar's reads and its one write of its own (GET /api/calendar/portfolio,
// POST /api/calendar/blocks). A window is read in pages of properties; every page is fetched
// (one after the other) so the screen shows the whole portfolio, and filters work on all of it.
import { useEffect, useMemo } from 'react';
import useSWRInfinite, { unstable_serialize, type SWRInfiniteKeyLoader } from 'swr/infinite';
import type { CalendarBlockBody, Portfolio, PortfolioProperty } from '#shared/schemas';
import { apiRequest, swrFetcher, type ApiError } from '../../../lib/api-client';
import type { FirstRead } from '../../../lib/first-reads';
import { firstPageReads } from '../../../lib/first-read-helpers';
import type { ReservationView } from '../../reservations/api/types';

/** Properties per request. */
export const PAGE_SIZE = 100;

export interface WindowChoice {
  /** The first day; absent: today (the server's, in the company's time zone). */
  from?: string;
  days: number;
}

export function portfolioPath({ from, days }: WindowChoice): string {
  const query = new URLSearchParams();
  if (from) query.set('from', from);
  query.set('days', String(days));
  query.set('limit', String(PAGE_SIZE));
  return `/api/calendar/portfolio?${query.toString()}`;
}

function keyLoader(choice: WindowChoice): SWRInfiniteKeyLoader {
  return (index: number, previous: Portfolio | null) => {
    if (index === 0) return portfolioPath(choice);
    if (!previous?.nextCursor) return null;
    return `${portfolioPath(choice)}&cursor=${encodeURIComponent(previous.nextCursor)}`;
  };
}

/** The first page, read before the screen draws (app/boot.ts). */
export function portfolioFirstReads(choice: WindowChoice): FirstRead[] {
  return firstPageReads(keyLoader(choice), (url) => swrFetcher<Portfolio>(url));
}

/** The cache key of a whole window (for mutate). */
export const portfolioListKey = (choice: WindowChoice) => unstable_serialize(keyLoader(choice));

export interface PortfolioState {
  /** The window as the server answered it (from the first page). */
  window: Omit<Portfolio, 'properties' | 'nextCursor'> | undefined;
  properties: PortfolioProperty[];
  error: ApiError | undefined;
  isLoading: boolean;
  /** More pages still coming. */
  isLoadingMore: boolean;
  refresh: () => Promise<unknown>;
}

export function usePortfolio(choice: WindowChoice): PortfolioState {
  const { data, error, isLoading, size, setSize, mutate } = useSWRInfinite<Portfolio, ApiError>(keyLoader(choice), (url: string) => swrFetcher<Portfolio>(url), {
    revalidateFirstPage: false,
    keepPreviousData: true,
  });
  const pages = data ?? [];
  const last = pages[pages.length - 1];
  const more = Boolean(last?.nextCursor);
  // Every page of the window, one after the other.
  useEffect(() => {
    if (more && size === pages.length) void setSize(size + 1);
  }, [more, size, pages.length, setSize]);
  const first = pages[0];
  // The same objects while the answer is the same: the screen's rows and days (and every property's
  // day list drawn from them) are not made anew when something else re-renders it.
  const window = useMemo(() => first && { from: first.from, to: first.to, days: first.days, today: first.today, timeZone: first.timeZone }, [first]);
  const properties = useMemo(() => (data ?? []).flatMap((page) => page.properties), [data]);
  return {
    window,
    properties,
    error,
    isLoading: isLoading && !first,
    isLoadingMore: more || (size > pages.length && !error),
    refresh: () => mutate(),
  };
}

/** POST /api/calendar/blocks: a block or the owner's stay (409 when a guest holds one of the nights). */
export function createBlock(body: CalendarBlockBody): Promise<ReservationView> {
  return apiRequest<ReservationView>('POST', '/api/calendar/blocks', body);
}
