// What each plan may do with the systems a company already runs (issue 39): the pricing page sells
// "integrations" (Professional) and "a full API" (Enterprise). One definition for the screens and
// the server: the HTTP wrapper refuses a route whose `feature` the caller's plan lacks (403, plan named).
import type { Plan } from './enums';

/** A route's integration feature (functions/routes.ts `feature`). */
export const INTEGRATION_FEATURES = ['api-read', 'api-write', 'webhooks'] as const;
export type IntegrationFeature = (typeof INTEGRATION_FEATURES)[number];

/** Scopes of an API key: `read` always; `write` adds creating and changing (Enterprise only). */
export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

const PLAN_FEATURES: Record<Plan, readonly IntegrationFeature[]> = {
  trial: [],
  basic: [],
  professional: ['api-read', 'webhooks'],
  enterprise: ['api-read', 'api-write', 'webhooks'],
};

export function planAllows(plan: Plan | string | undefined, feature: IntegrationFeature): boolean {
  return (PLAN_FEATURES[plan as Plan] ?? []).includes(feature);
}

/** The cheapest plan that has `feature` (named in the refusal). */
export function planFor(feature: IntegrationFeature): Plan {
  return planAllows('professional', feature) ? 'professional' : 'enterprise';
}
