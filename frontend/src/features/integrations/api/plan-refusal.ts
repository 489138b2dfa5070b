import { isApiError } from '../../../lib/api-client';

/** A 403 `plan_required` (functions/lib/errors.ts PlanFeatureError): the plan that has the feature. */
export function planRefusal(error: unknown): { plan?: string; requiredPlan?: string; message?: string } | undefined {
  if (!isApiError(error) || error.status !== 403 || typeof error.body !== 'object' || error.body === null) return undefined;
  const body = error.body as { code?: unknown; message?: unknown; details?: { plan?: unknown; requiredPlan?: unknown } };
  if (body.code !== 'plan_required') return undefined;
  return {
    plan: typeof body.details?.plan === 'string' ? body.details.plan : undefined,
    requiredPlan: typeof body.details?.requiredPlan === 'string' ? body.details.requiredPlan : undefined,
    message: typeof body.message === 'string' ? body.message : undefined,
  };
}
