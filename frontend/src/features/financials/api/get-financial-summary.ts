import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client';
import { FINANCIAL_SUMMARY_KEY } from './keys';
import type { FinancialSummary } from './types';

/** GET /api/financials/summary: every card of the screen, from the server's counters. */
export function useFinancialSummary() {
  const { data, error, isLoading } = useSWR<FinancialSummary, ApiError>(FINANCIAL_SUMMARY_KEY);
  return { summary: data, error, isLoading };
}
