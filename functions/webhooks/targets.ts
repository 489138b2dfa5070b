// The fan-out's view of a company's endpoints (id, events, on/off; never secrets): one Query, kept
// per process for TARGETS_CACHE_MS. A change made in this process (the API's routes, the worker
// disabling an endpoint; everything under `npm start` and the tests) clears the company's entry; in
// AWS another function's copy catches up within the cache's life, and the worker reads the endpoint
// itself before sending, so a removed or disabled endpoint receives nothing either way.
import { listWebhookTargets, type WebhookLane, type WebhookTarget } from '#functions/data/repositories/webhooks';

export const TARGETS_CACHE_MS = 15_000;
const MAX_COMPANIES = 10_000;

const cache = new Map<string, { at: number; targets: WebhookTarget[] }>();

export async function webhookTargets(companyId: string, now = Date.now()): Promise<WebhookTarget[]> {
  const cached = cache.get(companyId);
  if (cached && now - cached.at < TARGETS_CACHE_MS) return cached.targets;
  const targets = await listWebhookTargets(companyId);
  cache.set(companyId, { at: now, targets });
  if (cache.size > MAX_COMPANIES) cache.delete(cache.keys().next().value as string);
  return targets;
}

export function forgetWebhookTargets(companyId: string): void {
  cache.delete(companyId);
}

/**
 * The worker moved an endpoint to another lane: this process's copy of the list says so at once
 * (no new Query); other processes' copies catch up within the cache's life.
 */
export function noteWebhookLane(companyId: string, webhookId: string, lane: WebhookLane): void {
  const cached = cache.get(companyId);
  if (!cached) return;
  cached.targets = cached.targets.map((target) => (target.id === webhookId ? { ...target, lane } : target));
}
