// When a company is read-only for its subscription (issue 22 point 2), for the server's write guard
// (functions/lib/http.ts) and the screens. A trial that has ended (trialEndsAt in the past while
// still on the trial plan), or a paid subscription whose access ended (shared/billing.ts: past due
// beyond the grace, cancelled past the paid period). The master account is never read-only.
import { billingAccessEnded, type CompanyBillingState } from './billing';
import { isTrialExpired } from './rules';

export const READ_ONLY_REASONS = ['trial_ended', 'payment_overdue', 'subscription_cancelled'] as const;
export type ReadOnlyReason = (typeof READ_ONLY_REASONS)[number];

/** The `code` of the 402 a write gets on a read-only company (`subscription.<reason>`). */
export const readOnlyCode = (reason: ReadOnlyReason) => `subscription.${reason}` as const;

/** True for any of the codes above: the screens send the CEO to pricing on it. */
export function isReadOnlyCode(code: unknown): boolean {
  return typeof code === 'string' && READ_ONLY_REASONS.some((reason) => code === readOnlyCode(reason));
}

export type CompanySubscriptionState = CompanyBillingState & { trialEndsAt?: string | null };

/** Why the company may only read now, or undefined when it may write. */
export function readOnlyReason(company: CompanySubscriptionState, now: Date = new Date(), isMaster = false): ReadOnlyReason | undefined {
  if (isMaster) return undefined;
  if (isTrialExpired(company, now)) return 'trial_ended';
  if (billingAccessEnded(company, now)) return company.billingStatus === 'past_due' ? 'payment_overdue' : 'subscription_cancelled';
  return undefined;
}

/** "1.5 GB", "320 MB", "812 B": a stored size for people (binary units, shown as KB/MB/GB). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : Number(value.toFixed(value < 10 ? 1 : 0))} ${units[unit]}`;
}
