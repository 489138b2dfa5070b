// Two rules of the route table the HTTP wrapper applies after the session (issue 22):
// - a company whose trial (or paid access) has ended is read-only: every GET works, every other
//   method answers 402 with `code: subscription.<reason>` and nothing is written, except the routes
//   declared `subscription: 'open'` (choosing and paying a plan). 402 rather than 403: 403 already
//   means "your role may not" or "your plan's limit", while this one is "pay to continue", and a
//   distinct status lets the screens send the CEO to pricing without reading the message;
// - the master console's routes (`master: true`) exist only for the master account: anyone else,
//   signed in or not, gets the same 404 as an unknown path.
import type { RouteDefinition } from '#functions/routes';
import { readOnlyReason, readOnlyCode, type ReadOnlyReason } from '#shared/subscription';
import type { MessageKey } from '#shared/messages';
import { getCompany } from '#functions/data/repositories/companies';
import { planAllows, planFor, type IntegrationFeature } from '#shared/integrations';
import { NotFoundError, PlanFeatureError, SubscriptionRequiredError } from './errors';

interface GuardCaller {
  companyId: string;
  role: string;
  isMaster: boolean;
}

const MESSAGES: Record<ReadOnlyReason, { ceo: MessageKey; member: MessageKey }> = {
  trial_ended: { ceo: 'subscription.trialEnded', member: 'subscription.trialEndedMember' },
  payment_overdue: { ceo: 'subscription.paymentOverdue', member: 'subscription.pausedMember' },
  subscription_cancelled: { ceo: 'subscription.cancelled', member: 'subscription.pausedMember' },
};

/** The error a write of `caller` gets for `reason`: the CEO is told to choose a plan, others to ask the CEO. */
export function subscriptionError(reason: ReadOnlyReason, role: string): SubscriptionRequiredError {
  const texts = MESSAGES[reason];
  return new SubscriptionRequiredError(readOnlyCode(reason), role === 'ceo' ? texts.ceo : texts.member);
}

/** Throws 402 when `method` writes and the caller's company is read-only (one GetItem, on writes only). */
export async function assertSubscriptionAllows(route: RouteDefinition, method: string, caller: GuardCaller, now = new Date()): Promise<void> {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return;
  if (route.subscription === 'open' || caller.isMaster) return;
  const company = await getCompany(caller.companyId);
  if (!company) return; // the handler answers a missing company as it always did
  const reason = readOnlyReason(company, now);
  if (reason) throw subscriptionError(reason, caller.role);
}

/** Master-only routes: 404 for everyone else (also without a session, so their existence is not revealed). */
export function assertMasterRoute(route: RouteDefinition, caller: GuardCaller | undefined): void {
  if (route.master && !caller?.isMaster) throw new NotFoundError();
}

/** Throws 403 (PlanFeatureError, the plan that has it named) when the caller's company's plan lacks `feature`. */
export async function assertPlanFeature(feature: IntegrationFeature, caller: GuardCaller): Promise<void> {
  if (caller.isMaster) return;
  const company = await getCompany(caller.companyId);
  const plan = company?.plan ?? 'trial';
  if (!planAllows(plan, feature)) throw new PlanFeatureError(plan, planFor(feature));
}
