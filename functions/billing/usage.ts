// The plan's usage (GET /api/usage, the quota check): counters only, no storage port, so the read
// route that shows them needs no access to the bucket.
import { storageLimitBytes } from '#shared/billing';
import type { Plan } from '#shared/enums';
import { UNLIMITED } from '#shared/plans';
import { propertyLimit, userLimit } from '#shared/rules';
import { requireCompany } from '#functions/data/repositories/companies';
import { getStoredBytes } from '#functions/data/repositories/storage-usage';
import { getStats } from '#functions/data/repositories/stats';

export interface StorageUsage {
  usedBytes: number;
  /** -1: unlimited (the master account, or a plan without a limit). */
  limitBytes: number;
}

export async function storageUsage(companyId: string, plan: Plan, isMaster = false): Promise<StorageUsage> {
  return { usedBytes: await getStoredBytes(companyId), limitBytes: isMaster ? UNLIMITED : storageLimitBytes(plan) };
}

export interface PlanUsageView {
  plan: Plan;
  properties: { used: number; limit: number };
  users: { used: number; limit: number };
  storage: { usedBytes: number; limitBytes: number };
}

/** GET /api/usage: the company's counters against its plan's limits (-1: unlimited; always for the master account). */
export async function planUsageView(caller: { companyId: string; isMaster: boolean }): Promise<PlanUsageView> {
  const company = await requireCompany(caller.companyId);
  const [stats, storage] = await Promise.all([getStats(company.id), storageUsage(company.id, company.plan, caller.isMaster)]);
  const limit = (value: number) => (caller.isMaster ? UNLIMITED : value);
  return {
    plan: company.plan,
    properties: { used: stats.propertyCount, limit: limit(propertyLimit(company.plan)) },
    users: { used: stats.userCount, limit: limit(userLimit(company.plan)) },
    storage,
  };
}
