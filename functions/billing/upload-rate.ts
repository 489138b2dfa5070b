// Upload rate limits (issue 43 point 7), beside the storage quota (quota.ts): every upload URL
// (task and checklist photos, the company logo) counts against four fixed windows, and the first
// one at its limit refuses it with 429, a message in the caller's language and Retry-After:
//   per user:    UPLOAD_LIMITS.user.burst in BURST_WINDOW_SECONDS, UPLOAD_LIMITS.user.day a UTC day;
//   per company: UPLOAD_LIMITS.company.burst and .day the same way (every member together).
// The burst is sized for an offline phone replaying its queue at once: a cleaning's photos (about
// 30) several times over, plus their retries, fit in one window. A refused upload counts nowhere.
// The master account is never limited (as with the quota). Counters: repositories/upload-counts.ts.
import { TooManyRequestsError } from '#functions/lib/errors';
import { returnUpload, takeUpload, type UploadCounter } from '#functions/data/repositories/upload-counts';

export const BURST_WINDOW_SECONDS = 10 * 60;
export const UPLOAD_LIMITS = {
  user: { burst: 150, day: 1_000 },
  company: { burst: 500, day: 10_000 },
} as const;

type Limit = 'userBurst' | 'userDay' | 'companyBurst' | 'companyDay';

/** 429: an upload limit was reached; `details.limit` names which (the message says it in words). */
export class UploadRateLimitError extends TooManyRequestsError {
  readonly code = 'upload-rate-limited';
  readonly details: { limit: Limit; allowed: number };
  constructor(limit: Limit, allowed: number, retryAfterSeconds: number) {
    super(limit === 'userDay' ? 'uploads.dailyLimitUser' : limit === 'companyDay' ? 'uploads.dailyLimitCompany' : 'uploads.tooManyAtOnce', retryAfterSeconds);
    this.details = { limit, allowed };
  }
}

/** The four counters of one upload at `now`, each with when its window ends (epoch seconds). */
export function uploadCountersAt(caller: { userId: string; companyId: string }, now: Date): Array<{ limit: Limit; counter: UploadCounter; endsAt: number }> {
  const seconds = Math.floor(now.getTime() / 1000);
  const burstStart = seconds - (seconds % BURST_WINDOW_SECONDS);
  const burstEnd = burstStart + BURST_WINDOW_SECONDS;
  const day = now.toISOString().slice(0, 10);
  const dayEnd = Date.parse(`${day}T00:00:00Z`) / 1000 + 86_400;
  const of = (scope: 'user' | 'company', id: string, window: string, limit: number, endsAt: number): UploadCounter => ({ companyId: caller.companyId, scope, id, window, limit, expiresAt: endsAt + 3600 });
  return [
    { limit: 'companyDay', counter: of('company', caller.companyId, `D${day}`, UPLOAD_LIMITS.company.day, dayEnd), endsAt: dayEnd },
    { limit: 'userDay', counter: of('user', caller.userId, `D${day}`, UPLOAD_LIMITS.user.day, dayEnd), endsAt: dayEnd },
    { limit: 'companyBurst', counter: of('company', caller.companyId, `B${burstStart}`, UPLOAD_LIMITS.company.burst, burstEnd), endsAt: burstEnd },
    { limit: 'userBurst', counter: of('user', caller.userId, `B${burstStart}`, UPLOAD_LIMITS.user.burst, burstEnd), endsAt: burstEnd },
  ];
}

/**
 * Before an upload URL is issued: counts it on the caller's and the company's windows, or refuses it
 * (UploadRateLimitError, 429) when one is at its limit, counting it nowhere. The day limits are
 * named before the bursts (their wait is the longer one).
 */
export async function takeUploadAllowance(caller: { userId: string; companyId: string; isMaster: boolean }, now = new Date()): Promise<void> {
  if (caller.isMaster) return;
  const counters = uploadCountersAt(caller, now);
  const taken = await Promise.all(counters.map(({ counter }) => takeUpload(counter)));
  const refused = counters.find((_, i) => !taken[i]);
  if (!refused) return;
  await Promise.all(counters.filter((_, i) => taken[i]).map(({ counter }) => returnUpload(counter)));
  const nowSeconds = Math.floor(now.getTime() / 1000);
  throw new UploadRateLimitError(refused.limit, refused.counter.limit, Math.max(1, refused.endsAt - nowSeconds));
}
