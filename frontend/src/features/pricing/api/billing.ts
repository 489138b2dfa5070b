import useSWR, { mutate } from 'swr';
import type { BillingHistoryEntry, CheckoutPlan, PlanExcess } from '#shared/billing';
import type { BillingCycle } from '#shared/plans';
import type { Company } from '#shared/schemas';
import { apiRequest, isApiError, type ApiError } from '../../../lib/api-client';
import { COMPANIES_KEY } from '../../companies/api/get-companies';

export const BILLING_HISTORY_KEY = '/api/billing/history';

/** GET /api/billing/history (CEO): newest first. */
export function useBillingHistory(enabled: boolean) {
  const { data, error, isLoading } = useSWR<{ history: BillingHistoryEntry[] }, ApiError>(enabled ? BILLING_HISTORY_KEY : null);
  return { history: data?.history ?? [], error, isLoading };
}

const refresh = () => Promise.all([mutate(COMPANIES_KEY), mutate(BILLING_HISTORY_KEY)]);

/**
 * POST /api/billing/checkout: the provider's checkout URL (the browser goes there), or, for a
 * company already paying a smaller plan, the upgrade applied at once and the return URL.
 */
export async function startCheckout(plan: CheckoutPlan, billing: BillingCycle): Promise<{ url: string; applied: boolean }> {
  const result = await apiRequest<{ url: string; applied: boolean }>('POST', '/api/billing/checkout', { plan, billing });
  if (result.applied) await refresh();
  return result;
}

/** POST /api/billing/portal: the provider's customer portal (card, invoices, cancelling). */
export async function openBillingPortal(): Promise<string> {
  return (await apiRequest<{ url: string }>('POST', '/api/billing/portal')).url;
}

export interface DowngradeResult {
  company: Company;
  entry: BillingHistoryEntry;
  applied: boolean;
}

/** POST /api/billing/downgrade. Rejects with ApiError; `excessOf` reads the counts of a 409. */
export async function requestDowngrade(plan: CheckoutPlan): Promise<DowngradeResult> {
  try {
    return await apiRequest<DowngradeResult>('POST', '/api/billing/downgrade', { plan });
  } finally {
    await refresh();
  }
}

/** DELETE /api/billing/downgrade: keep the current plan. */
export async function withdrawDowngrade(): Promise<void> {
  try {
    await apiRequest('DELETE', '/api/billing/downgrade');
  } finally {
    await refresh();
  }
}

/** What must go before the company fits the smaller plan (a 409 `plan-too-small`), or undefined. */
export function excessOf(error: unknown): PlanExcess | undefined {
  if (!isApiError(error) || error.status !== 409) return undefined;
  const body = error.body as { code?: string; details?: { excess?: PlanExcess } } | undefined;
  return body?.code === 'plan-too-small' ? body.details?.excess : undefined;
}
