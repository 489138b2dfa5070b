import useSWR, { mutate } from 'swr';
import { apiGetPage, apiRequest, type ApiError } from '../../../lib/api-client';

/** One company as the master console lists it (GET /api/admin/companies). */
export interface AdminCompany {
  id: string;
  name: string;
  email: string | null;
  createdAt: string;
  plan: 'trial' | 'basic' | 'professional' | 'enterprise';
  trialEndsAt: string | null;
  billingStatus: string | null;
  paymentStatus: string | null;
  currentPeriodEnd: string | null;
  graceEndsAt: string | null;
  scheduledPlan: string | null;
  readOnly: 'trial_ended' | 'payment_overdue' | 'subscription_cancelled' | null;
  usage: { properties: number; users: number; storageBytes: number; limits: { properties: number; users: number; storageBytes: number } };
  pendingRequest: { id: string; plan: string; billing: string; requestedAt: string; source: string } | null;
}

export interface AdminAuditEntry {
  id: string;
  at: string;
  action: 'trial_extended' | 'trial_ended' | 'plan_set' | 'request_applied' | 'request_refused';
  by: { userId: string; email: string };
  changes: Record<string, { from: unknown; to: unknown }>;
  reason?: string | null;
}

export interface AdminCompanyDetail extends AdminCompany {
  audit: AdminAuditEntry[];
}

export const ADMIN_COMPANIES_KEY = '/api/admin/companies';
const detailKey = (id: string) => `${ADMIN_COMPANIES_KEY}/${encodeURIComponent(id)}`;

/** Every company, page after page (the console is for the platform's team: a few hundred rows at most per read). */
async function fetchAll(): Promise<AdminCompany[]> {
  const rows: AdminCompany[] = [];
  let cursor: string | undefined;
  do {
    const page = await apiGetPage<AdminCompany>(`${ADMIN_COMPANIES_KEY}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    rows.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor && rows.length < 2000);
  return rows;
}

export function useAdminCompanies() {
  const { data, error, isLoading } = useSWR<AdminCompany[], ApiError>(ADMIN_COMPANIES_KEY, fetchAll);
  return { companies: data ?? [], error, isLoading };
}

export function useAdminCompany(id: string | null) {
  const { data, error, isLoading } = useSWR<AdminCompanyDetail, ApiError>(id ? detailKey(id) : null);
  return { company: data, error, isLoading };
}

async function refresh(id: string, detail: AdminCompanyDetail): Promise<AdminCompanyDetail> {
  await Promise.all([mutate(detailKey(id), detail, { revalidate: false }), mutate(ADMIN_COMPANIES_KEY)]);
  return detail;
}

/** PUT /api/admin/companies/{id}: `{ trialEndsAt }` extends or ends the trial; `{ plan }` sets a plan. */
export async function updateAdminCompany(id: string, body: { trialEndsAt: string } | { plan: string }): Promise<AdminCompanyDetail> {
  return refresh(id, await apiRequest<AdminCompanyDetail>('PUT', detailKey(id), body));
}

/** PUT /api/admin/companies/{id}/plan-request: apply or refuse the pending request. */
export async function decideAdminPlanRequest(id: string, decision: 'apply' | 'refuse'): Promise<AdminCompanyDetail> {
  return refresh(id, await apiRequest<AdminCompanyDetail>('PUT', `${detailKey(id)}/plan-request`, { decision }));
}
