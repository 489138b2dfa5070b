import type { Plan } from './enums';

// SPEC.md point 9. -1 means unlimited. One definition for the screens and the server's limit checks.
export const UNLIMITED = -1;

export interface PlanDefinition {
  id: Plan;
  maxProperties: number;
  maxUsers: number;
  storage: string;
  /** Monthly price in whole US dollars; null where the price is agreed with sales. */
  monthlyPriceUsd: number | null;
  popular: boolean;
}

export const PLAN_DEFINITIONS: Record<Plan, PlanDefinition> = {
  trial: { id: 'trial', maxProperties: 20, maxUsers: 5, storage: '500MB', monthlyPriceUsd: 0, popular: false },
  basic: { id: 'basic', maxProperties: 5, maxUsers: 3, storage: '1GB', monthlyPriceUsd: 29, popular: false },
  professional: {
    id: 'professional',
    maxProperties: 25,
    maxUsers: 15,
    storage: '10GB',
    monthlyPriceUsd: 79,
    popular: true,
  },
  enterprise: {
    id: 'enterprise',
    maxProperties: UNLIMITED,
    maxUsers: UNLIMITED,
    storage: '100GB',
    monthlyPriceUsd: null,
    popular: false,
  },
};

/**
 * The one trial length (issue 22): the trial a company gets at sign-up, and what the sign-up page,
 * trial banner, pricing, FAQ and e-mails say (each interpolates it). 7 days, as SPEC's rules and
 * every trial already granted; see README "Plans and trials".
 */
export const TRIAL_DAYS = 7;
/** Yearly billing: pay 10 months, get 12. */
export const YEARLY_PAID_MONTHS = 10;

/** Billing cycles a plan can be requested with. Yearly is YEARLY_PAID_MONTHS × the monthly price. */
export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/**
 * Feature lines of each plan card (SPEC point 9), as keys the pricing screen translates
 * (`pricing.features.<key>`). The limit lines (properties, users, storage) come from
 * PLAN_DEFINITIONS, so a limit is written once for the screens and the server.
 */
export const PLAN_FEATURES: Record<Plan, readonly string[]> = {
  trial: ['freeTrial', 'basicManagement', 'basicReports', 'emailSupport', 'multilingual'],
  basic: ['basicManagement', 'basicReports', 'emailSupport', 'multilingual'],
  professional: ['advancedManagement', 'taskAutomation', 'detailedReports', 'integrations', 'prioritySupport'],
  enterprise: ['noLimits', 'fullApi', 'prioritySupport', 'customisations', 'dedicatedManager'],
};
