import type { Plan, UiLanguage } from '#shared/enums';
import { PLAN_DEFINITIONS, PLAN_FEATURES, UNLIMITED, type PlanDefinition } from '#shared/plans';
import { formatDollars } from '../../../lib/intl';

/** The plans a visitor can pick on /register (the trial is what every plan starts with). */
export const SIGN_UP_PLANS = ['basic', 'professional', 'enterprise'] as const satisfies readonly Plan[];
export type SignUpPlan = (typeof SIGN_UP_PLANS)[number];

export const DEFAULT_SIGN_UP_PLAN: SignUpPlan = 'professional';

export interface PlanFeature {
  /** A key under `auth.register.features`. */
  key: string;
  params?: Record<string, string | number>;
}

/**
 * Limits from shared/plans (the same numbers the server enforces), then the plan's feature lines
 * of SPEC point 9, from the same shared list the in-app pricing screen uses.
 */
export function planFeatures(plan: SignUpPlan): PlanFeature[] {
  const definition: PlanDefinition = PLAN_DEFINITIONS[plan];
  const limits: PlanFeature[] = [
    definition.maxProperties === UNLIMITED
      ? { key: 'unlimitedProperties' }
      : { key: 'properties', params: { limit: definition.maxProperties } },
    definition.maxUsers === UNLIMITED ? { key: 'unlimitedUsers' } : { key: 'users', params: { limit: definition.maxUsers } },
    { key: 'storage', params: { size: definition.storage } },
  ];
  return [...limits, ...PLAN_FEATURES[plan].map((key) => ({ key }))];
}

/** Whole US dollars in the interface language ($29, US$ 29, 29 US$), as on the pricing screen. */
export function formatMonthlyPrice(amount: number, language: UiLanguage): string {
  return formatDollars(amount, language);
}
