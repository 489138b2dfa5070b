// Plans and payments: plan-change requests, checkout and downgrades, and the master console's
// changes to a company's plan or trial.
import * as z from 'zod/mini';
import { PLANS } from '../enums';
import { BILLING_CYCLES } from '../plans';
import { CHECKOUT_PLANS } from '../billing';
import { id, timestamp } from './fields';

/** Builds a schema lazily enough for bundlers: fields.ts's `schema`, again here as esbuild honours the annotation only in its own module. */
const schema = /* @__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();

// ---------- Plan-change requests (pricing screen) ----------
/** `applied` / `refused`: decided by the platform's team in the master console (enterprise is sold by contact). */
export const PLAN_REQUEST_STATUSES = ['pending', 'cancelled', 'superseded', 'applied', 'refused'] as const;

export const planRequestBody = schema(() => z.object({
  plan: z.enum(PLANS, { error: 'planRequest.planRequired' }),
  billing: z.enum(BILLING_CYCLES, { error: 'planRequest.billingRequired' }),
}));
export type PlanRequestBody = z.infer<typeof planRequestBody>;

export const planRequestSchema = schema(() => z.object({
  id,
  companyId: id,
  plan: z.enum(PLANS),
  billing: z.enum(BILLING_CYCLES),
  status: z.enum(PLAN_REQUEST_STATUSES),
  /** `signup`: the plan picked on the sign-up screen, recorded on the company (requestedPlan). */
  source: z.enum(['pricing', 'signup']),
  /** The plan the company was on when the request was made. */
  fromPlan: z.enum(PLANS),
  /** Start of the next billing cycle (see nextBillingCycleStart in shared/rules.ts). */
  effectiveAt: timestamp,
  requestedAt: timestamp,
  requestedBy: z.nullish(id),
  closedAt: z.nullish(timestamp),
  closedBy: z.nullish(id),
}));
export type PlanRequest = z.infer<typeof planRequestSchema>;

// ---------- Payments and plan changes (issue 22) ----------
/** POST /api/billing/checkout: a paid plan bought by checkout (enterprise is sold by contact). */
export const checkoutBody = schema(() => z.object({
  plan: z.enum(CHECKOUT_PLANS, { error: 'billing.contactSales' }),
  billing: z.enum(BILLING_CYCLES, { error: 'planRequest.billingRequired' }),
}));
export type CheckoutBody = z.infer<typeof checkoutBody>;

/** POST /api/billing/downgrade: a smaller paid plan from the end of the paid period. */
export const downgradeBody = schema(() => z.object({
  plan: z.enum(CHECKOUT_PLANS, { error: 'planRequest.planRequired' }),
}));
export type DowngradeBody = z.infer<typeof downgradeBody>;

// ---------- The master console (/api/admin/*) ----------
/** Latest trial end the console may set: a year from now (an extension, not a free plan). */
export const MAX_TRIAL_EXTENSION_DAYS = 366;
const ADMIN_SETTABLE_PLANS = ['basic', 'professional', 'enterprise'] as const;
const adminInstant = schema(() => z.string({ error: 'admin.trialEndsAtInvalid' }).check(
  z.maxLength(40, { error: 'admin.trialEndsAtInvalid' }),
  z.refine((value) => {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return false;
    const at = Date.parse(value);
    return !Number.isNaN(at) && at >= Date.UTC(2020, 0, 1) && at <= Date.now() + MAX_TRIAL_EXTENSION_DAYS * 86_400_000;
  }, { error: 'admin.trialEndsAtInvalid' }),
));
/**
 * PUT /api/admin/companies/{id}: exactly one change. `trialEndsAt` extends (future) or ends (now or
 * past) a trial company's trial; `plan` sets a paid plan at once. Unknown fields are refused.
 */
export const adminCompanyUpdateBody = schema(() => z
  .strictObject({
    trialEndsAt: z.optional(adminInstant),
    plan: z.optional(z.enum(ADMIN_SETTABLE_PLANS, { error: 'planRequest.planRequired' })),
    reason: z.optional(z.string().check(z.trim(), z.maxLength(500, { error: 'validation.tooLong' }))),
  }, { error: 'admin.changeRequired' })
  .check(z.refine((body) => (body.trialEndsAt === undefined) !== (body.plan === undefined), { error: 'admin.changeRequired' })));
export type AdminCompanyUpdateBody = z.infer<typeof adminCompanyUpdateBody>;

/** PUT /api/admin/companies/{id}/plan-request: apply or refuse the company's pending request (enterprise: "contact sales"). */
export const adminPlanRequestDecisionBody = schema(() => z.strictObject({
  decision: z.enum(['apply', 'refuse'], { error: 'admin.decisionRequired' }),
  reason: z.optional(z.string().check(z.trim(), z.maxLength(500, { error: 'validation.tooLong' }))),
}, { error: 'admin.decisionRequired' }));
export type AdminPlanRequestDecisionBody = z.infer<typeof adminPlanRequestDecisionBody>;

/** GET /api/admin/companies?cursor=&limit= */
export const adminCompaniesQuery = schema(() => z.object({
  cursor: z.optional(z.string().check(z.maxLength(2000))),
  limit: z.optional(z.pipe(z.coerce.number({ error: 'validation.invalid' }), z.int({ error: 'validation.invalid' }).check(z.minimum(1, { error: 'validation.invalid' }), z.maximum(100, { error: 'validation.invalid' })))),
}));
export type AdminCompaniesQuery = z.infer<typeof adminCompaniesQuery>;
