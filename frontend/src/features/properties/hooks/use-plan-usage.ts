import type { Plan } from '#shared/enums';
import { UNLIMITED } from '#shared/plans';
import { isLimitReached, propertyLimit, usagePercentage } from '#shared/rules';
// The signed-in user and the company are app-wide session data; their hooks live in the auth and
// companies features (see the report: the lead may lift them into lib/ to keep features apart).
import { useCurrentUser } from '../../auth/api/get-current-user';
import { useCompanies } from '../../companies/api/get-companies';
import { usePropertyCount } from '../api/get-property-count';

export interface PlanUsage {
  /** Company and count are known. */
  ready: boolean;
  plan: Plan | undefined;
  count: number;
  /** -1 (UNLIMITED) for enterprise. */
  limit: number;
  unlimited: boolean;
  isMaster: boolean;
  /** 0-100; always 0 for the master account and unlimited plans. */
  percentage: number;
  /** Never true for the master account or an unlimited plan. */
  limitReached: boolean;
}

/**
 * Property usage of the company's plan (SPEC points 6 and 9). The count comes from the dashboard
 * metrics; `fallbackCount` (e.g. the length of a fully loaded list) stands in if that call fails.
 */
export function usePlanUsage(fallbackCount?: number): PlanUsage {
  const { user } = useCurrentUser();
  const { company, isLoading: companyLoading } = useCompanies();
  const metrics = usePropertyCount();
  const countLoading = metrics.isLoading;
  const count = metrics.count ?? (metrics.error ? fallbackCount : undefined);
  const isMaster = Boolean(user?.isMaster);
  const plan = company?.plan;
  const limit = plan ? propertyLimit(plan) : UNLIMITED;
  const known = count ?? 0;
  return {
    ready: !companyLoading && !countLoading && Boolean(plan) && count !== undefined,
    plan,
    count: known,
    limit,
    unlimited: limit === UNLIMITED,
    isMaster,
    percentage: plan ? usagePercentage(known, limit, isMaster) : 0,
    limitReached: plan !== undefined && count !== undefined && isLimitReached(known, limit, isMaster),
  };
}
