// The platform's own console (issue 22 point 6), for the master account only (the route table's
// `master: true`; everyone else gets 404 from the HTTP wrapper): every company with its plan, trial
// end, usage and billing state; extending or ending a trial; setting a plan (through changePlan, so
// the billing history has it too); applying or refusing a pending plan request (enterprise is sold
// by contact). Each action is recorded with who did it (repositories/admin-audit.ts).
import type { BillingHistoryEntry } from '#shared/billing';
import { storageLimitBytes } from '#shared/billing';
import { PLAN_DEFINITIONS } from '#shared/plans';
import { readOnlyReason, type ReadOnlyReason } from '#shared/subscription';
import type { AdminCompanyUpdateBody, AdminPlanRequestDecisionBody, Company, PlanRequest } from '#shared/schemas';
import { listAllCompanies, requireCompany, setTrialEnd } from '#functions/data/repositories/companies';
import { auditPut, listAudit, newAuditEntry, putAudit, type AdminAuditEntry } from '#functions/data/repositories/admin-audit';
import { SIGNUP_REQUEST_ID, cancelPlanRequest, cancelSignupRequest, pendingPlanRequestOf } from '#functions/data/repositories/plan-requests';
import { ConflictError } from '#functions/lib/errors';
import type { Caller } from '#functions/lib/http';
import { changePlan, listBillingHistory, planUsage } from './plan-change';

export interface AdminCompanyRow {
  id: string;
  name: string;
  email: string | null;
  createdAt: string;
  plan: Company['plan'];
  trialEndsAt: string | null;
  billingStatus: string | null;
  paymentStatus: string | null;
  currentPeriodEnd: string | null;
  graceEndsAt: string | null;
  scheduledPlan: string | null;
  /** Why the company is read-only now, or null. */
  readOnly: ReadOnlyReason | null;
  usage: {
    properties: number;
    users: number;
    storageBytes: number;
    limits: { properties: number; users: number; storageBytes: number };
  };
  pendingRequest: PlanRequest | null;
}

export interface AdminCompanyDetail extends AdminCompanyRow {
  audit: AdminAuditEntry[];
  billingHistory: BillingHistoryEntry[];
}


async function rowOf(company: Company, now: Date): Promise<AdminCompanyRow> {
  const [usage, pending] = await Promise.all([planUsage(company.id), pendingPlanRequestOf(company, now)]);
  const definition = PLAN_DEFINITIONS[company.plan];
  return {
    id: company.id,
    name: company.name,
    email: company.email ?? null,
    createdAt: company.createdAt,
    plan: company.plan,
    trialEndsAt: company.trialEndsAt ?? null,
    billingStatus: company.billingStatus ?? null,
    paymentStatus: company.paymentStatus ?? null,
    currentPeriodEnd: company.currentPeriodEnd ?? null,
    graceEndsAt: company.graceEndsAt ?? null,
    scheduledPlan: company.scheduledPlan ?? null,
    readOnly: readOnlyReason(company, now) ?? null,
    usage: { ...usage, limits: { properties: definition.maxProperties, users: definition.maxUsers, storageBytes: storageLimitBytes(company.plan) } },
    pendingRequest: pending ?? null,
  };
}

/** GET /api/admin/companies: a page of companies (oldest first), each with its state. */
export async function listCompaniesForAdmin(options: { limit?: number; cursor?: string }, now = new Date()): Promise<{ items: AdminCompanyRow[]; cursor?: string }> {
  const page = await listAllCompanies(options);
  return { items: await Promise.all(page.items.map((company) => rowOf(company, now))), cursor: page.cursor };
}

/** GET /api/admin/companies/{id}: the company's row, the console's actions on it and its billing history. */
export async function companyForAdmin(companyId: string, now = new Date()): Promise<AdminCompanyDetail> {
  const company = await requireCompany(companyId);
  const [row, audit, billingHistory] = await Promise.all([rowOf(company, now), listAudit(companyId), listBillingHistory(companyId)]);
  return { ...row, audit, billingHistory };
}

const actor = (master: Caller) => ({ userId: master.userId, email: master.email });

/**
 * PUT /api/admin/companies/{id}: `trialEndsAt` extends (a future instant) or ends (now or past) the
 * trial of a company on the trial plan (409 otherwise), with its audit line in the same transaction;
 * `plan` applies a paid plan at once (changePlan, by the admin), then records the audit line.
 */
export async function updateCompanyByAdmin(master: Caller, companyId: string, body: AdminCompanyUpdateBody, now = new Date()): Promise<AdminCompanyDetail> {
  const company = await requireCompany(companyId);
  const reason = body.reason || null;
  if (body.trialEndsAt !== undefined) {
    if (company.plan !== 'trial') throw new ConflictError('admin.notOnTrial');
    const to = new Date(body.trialEndsAt).toISOString();
    const entry = newAuditEntry(
      {
        companyId,
        action: Date.parse(to) <= now.getTime() ? 'trial_ended' : 'trial_extended',
        by: actor(master),
        changes: { trialEndsAt: { from: company.trialEndsAt ?? null, to } },
        reason,
      },
      now,
    );
    await setTrialEnd(companyId, to, [auditPut(entry)]);
  } else if (body.plan !== undefined) {
    if (body.plan !== company.plan) {
      await changePlan({ companyId, plan: body.plan, by: { kind: 'admin', ...actor(master) }, at: now, reason: reason ?? 'master console' });
    }
    await putAudit(newAuditEntry({ companyId, action: 'plan_set', by: actor(master), changes: { plan: { from: company.plan, to: body.plan } }, reason }, now));
  }
  return companyForAdmin(companyId, now);
}

/**
 * PUT /api/admin/companies/{id}/plan-request: `apply` puts the company on the requested plan at once
 * (changePlan) and closes the request as applied; `refuse` closes it as refused. 409 when nothing is
 * pending. The request's closing and the audit line are one transaction.
 */
export async function decidePlanRequest(master: Caller, companyId: string, body: AdminPlanRequestDecisionBody, now = new Date()): Promise<AdminCompanyDetail> {
  const company = await requireCompany(companyId);
  const pending = await pendingPlanRequestOf(company, now);
  if (!pending) throw new ConflictError('admin.requestNotPending');
  const applying = body.decision === 'apply';
  if (applying && pending.plan === 'trial') throw new ConflictError('planRequest.notAvailable');
  if (applying && pending.plan !== company.plan) {
    await changePlan({ companyId, plan: pending.plan, by: { kind: 'admin', ...actor(master) }, at: now, reason: body.reason || `plan request ${pending.id}` });
  }
  const status = applying ? 'applied' : 'refused';
  const audit = auditPut(
    newAuditEntry(
      {
        companyId,
        action: applying ? 'request_applied' : 'request_refused',
        by: actor(master),
        changes: { plan: { from: company.plan, to: applying ? pending.plan : company.plan }, request: { from: pending.id, to: status } },
        reason: body.reason || null,
      },
      now,
    ),
  );
  if (pending.id === SIGNUP_REQUEST_ID) await cancelSignupRequest(pending, master.userId, now, status, [audit]);
  else await cancelPlanRequest(companyId, pending.id, master.userId, now, status, [audit]);
  return companyForAdmin(companyId, now);
}
