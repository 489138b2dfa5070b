// The company: its record and the company form (PUT /api/companies/{id}).
import * as z from 'zod/mini';
import { PAYMENT_METHODS, PAYMENT_STATUSES, PLANS, PREFERRED_LANGUAGES, TIME_ZONES } from '../enums';
import { BILLING_CYCLES } from '../plans';
import { BILLING_STATUSES } from '../billing';
import { transformed, id, timestamp, requiredText, email } from './fields';

/** Builds a schema lazily enough for bundlers: fields.ts's `schema`, again here as esbuild honours the annotation only in its own module. */
const schema = /* @__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();

export const companySchema = schema(() => z.object({
  id,
  name: z.string(),
  plan: z._default(z.enum(PLANS), 'trial'),
  paymentStatus: z._default(z.enum(PAYMENT_STATUSES), 'pending'),
  trialEndsAt: z.nullish(timestamp),
  address: z.nullish(z.string()),
  phone: z.nullish(z.string()),
  email: z.nullish(z.string()),
  website: z.nullish(z.string()),
  logoUrl: z.nullish(z.string()),
  description: z.nullish(z.string()),
  responsibleName: z.nullish(z.string()),
  responsibleEmail: z.nullish(z.string()),
  ein: z.nullish(z.string()),
  paymentMethod: z.nullish(z.enum(PAYMENT_METHODS)),
  preferredLanguage: z._default(z.enum(PREFERRED_LANGUAGES), 'portuguese'),
  timezone: z._default(z.enum(TIME_ZONES), 'America/New_York'),
  twoFactorEnabled: z._default(z.boolean(), false),
  /** Whether owners see their guests' names in the owner portal (issue 41 point 3); absent: false. */
  ownersSeeGuestNames: z.optional(z.boolean()),
  /** A plan chosen on the sign-up screen before the company existed: a pending plan-change request. */
  requestedPlan: z.nullish(z.enum(PLANS)),
  requestedPlanAt: z.nullish(timestamp),
  /** Billing state (shared/billing.ts): trial, active, past_due (graceEndsAt), cancelled (currentPeriodEnd). */
  billingStatus: z.nullish(z.enum(BILLING_STATUSES)),
  billingCycle: z.nullish(z.enum(BILLING_CYCLES)),
  /** End of the paid period (the subscription's renewal date). */
  currentPeriodEnd: z.nullish(timestamp),
  /** Past due: the plan is kept until then, read-only after. */
  graceEndsAt: z.nullish(timestamp),
  /** A downgrade asked for, applied at currentPeriodEnd when the company fits it. */
  scheduledPlan: z.nullish(z.enum(PLANS)),
  scheduledPlanAt: z.nullish(timestamp),
  /** The payment provider's customer and subscription (Stripe ids). */
  paymentCustomerId: z.nullish(z.string()),
  paymentSubscriptionId: z.nullish(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
}));
export type Company = z.infer<typeof companySchema>;

/**
 * A company's phone as people write it: digits with spaces, dots, dashes, parentheses, a leading +
 * and an extension ("+1 (555) 123-4567", "+351 21 123 4567", "555.123.4567 ext. 12"); 7 to 15 digits
 * (E.164's most), no letters ("call me 555-ABC").
 */
const phoneNumber = schema(() =>
  z.string({ error: 'company.phoneRequired' }).check(
    z.trim(),
    z.minLength(1, { error: 'company.phoneRequired' }),
    z.maxLength(40, { error: 'validation.tooLong' }),
    z.refine((text) => {
      const [number, extension] = text.split(/\s*(?:ext\.?|x|#)\s*(?=\d+$)/i);
      if (extension !== undefined && !/^\d{1,6}$/.test(extension)) return false;
      if (!/^\+?[\d\s().-]+$/.test(number)) return false;
      const digits = number.replace(/\D/g, '').length;
      return digits >= 7 && digits <= 15;
    }, { error: 'company.phoneInvalid' }),
  ),
);

export const companyUpdateBody = schema(() => z.object({
  name: requiredText('company.nameRequired'),
  email: email('company.emailRequired', 'company.emailRequired'),
  phone: phoneNumber,
  address: requiredText('company.addressRequired', 500, 'many'),
  responsibleName: requiredText('company.responsibleNameRequired'),
  responsibleEmail: email('company.responsibleEmailRequired', 'company.responsibleEmailRequired'),
  ein: transformed(z.nullish(z.string().check(z.trim(), z.regex(/^(\d{2}-\d{7})?$/, { error: 'validation.ein' }))), (value) => value || null),
  paymentMethod: z.nullish(z.enum(PAYMENT_METHODS)),
  preferredLanguage: z._default(z.enum(PREFERRED_LANGUAGES), 'portuguese'),
  timezone: z._default(z.enum(TIME_ZONES), 'America/New_York'),
  twoFactorEnabled: z._default(z.boolean(), false),
  /** Owners see guests' names in their portal; absent: unchanged. */
  ownersSeeGuestNames: z.optional(z.boolean({ error: 'validation.invalid' })),
}));
export type CompanyUpdateBody = z.infer<typeof companyUpdateBody>;
