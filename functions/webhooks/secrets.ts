// Which secrets sign a delivery: the current one, and after a rotation the previous one as well
// until its overlap ends (WEBHOOK_SECRET_OVERLAP_HOURS), so an integrator can switch at leisure.
import type { StoredWebhook } from '#functions/data/repositories/webhooks';

export function signingSecrets(webhook: Pick<StoredWebhook, 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>, now: Date): string[] {
  const previousValid = webhook.previousSecret && webhook.previousSecretExpiresAt && new Date(webhook.previousSecretExpiresAt).getTime() > now.getTime();
  return previousValid ? [webhook.secret, webhook.previousSecret as string] : [webhook.secret];
}
