// Managing a company's webhook endpoints (CEO only; the plan gate is the route table's `feature`):
// add (only after a test delivery got a 2xx), list, change, remove, rotate the secret, read the
// delivery log and replay a delivery. Every action is written to the company's history in the same
// transaction as the action.
import type { UiLanguage } from '#shared/enums';
import { translateMessage } from '#shared/messages';
import {
  MAX_WEBHOOKS_PER_COMPANY,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  WEBHOOK_TEST_EVENT,
  type WebhookCreateBody,
  type WebhookDeliveryView,
  type WebhookUpdateBody,
  type WebhookView,
  type WebhookWithSecret,
} from '#shared/schemas/webhooks';
import { integrationAuditPut } from '#functions/data/repositories/integration-audit';
import {
  attemptPut,
  claimReplayAttempt,
  createWebhook,
  deleteWebhook,
  getAttempt,
  listAttempts,
  listWebhookTargets,
  listWebhooks,
  messagePut,
  recordAttempt,
  requireWebhook,
  updateWebhookHealth,
  updateWebhook,
  type StoredWebhook,
  type StoredWebhookAttempt,
  type StoredWebhookMessage,
} from '#functions/data/repositories/webhooks';
import type { TransactItem } from '#functions/data/db';
import { BadRequestError, NotFoundError } from '#functions/lib/errors';
import type { Caller } from '#functions/lib/http';
import { ulid } from 'ulid';
import { attemptRecord } from './attempts';
import { forgetWebhookTargets } from './targets';
import { WebhookTestFailedError } from './errors';
import { laneAfter } from './lanes';
import { signingSecrets } from './secrets';
import { sendDelivery, type DeliveryOutcome } from './send';
import { newSecret, randomMessageId, secretHint } from './signing';

type Actor = Pick<Caller, 'companyId' | 'userId' | 'email'>;

export function webhookView(webhook: StoredWebhook, now = new Date()): WebhookView {
  const overlap = webhook.previousSecret && webhook.previousSecretExpiresAt && new Date(webhook.previousSecretExpiresAt) > now;
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    description: webhook.description ?? null,
    enabled: webhook.enabled,
    disabledReason: webhook.enabled ? null : (webhook.disabledReason ?? 'manual'),
    failingSince: webhook.failingSince ?? null,
    secretHint: secretHint(webhook.secret),
    previousSecretExpiresAt: overlap ? webhook.previousSecretExpiresAt : null,
    createdAt: webhook.createdAt,
    updatedAt: webhook.updatedAt,
  };
}

export function deliveryView(attempt: StoredWebhookAttempt, language: UiLanguage): WebhookDeliveryView {
  return {
    id: attempt.id,
    webhookId: attempt.messageId,
    eventType: attempt.eventType,
    attempt: attempt.attempt,
    trigger: attempt.trigger,
    statusCode: attempt.statusCode,
    ok: attempt.ok,
    durationMs: attempt.durationMs,
    at: attempt.at,
    nextRetryAt: attempt.nextRetryAt,
    error: attempt.error ? translateMessage(attempt.error.code, language, attempt.error.params) : null,
  };
}

/** The action's line in the company's integration history (GET /api/integrations/activity), written with it. */
function history(actor: Actor, action: string, webhookId: string, url: string, details: Record<string, unknown>, now: Date): TransactItem {
  return integrationAuditPut(actor.companyId, { action, actorUserId: actor.userId, subject: { kind: 'webhook', id: webhookId, label: url }, details }, now);
}

/** The test event's message (delivered to a new or moved endpoint before it is saved). */
function testMessage(companyId: string, endpointId: string, now: Date): StoredWebhookMessage {
  const body = JSON.stringify({ type: WEBHOOK_TEST_EVENT, timestamp: now.toISOString(), data: { companyId, endpointId, message: 'RentalOps test delivery' } });
  return {
    id: randomMessageId(),
    companyId,
    webhookId: endpointId,
    eventType: WEBHOOK_TEST_EVENT,
    body,
    createdAt: now.toISOString(),
    status: 'delivered',
    nextAttempt: 2,
    attemptCount: 1,
    nextAttemptAt: null,
    firstAttemptAt: now.toISOString(),
  };
}

/** Sends the test event; a failure is the 422 naming what the endpoint answered (nothing saved). */
async function testDelivery(url: string, secret: string, message: StoredWebhookMessage, language: UiLanguage): Promise<DeliveryOutcome> {
  const outcome = await sendDelivery({ url, messageId: message.id, body: message.body, secrets: [secret] });
  if (!outcome.ok) {
    const error = outcome.error ?? { code: 'webhooks.error.http' as const, params: { status: outcome.statusCode ?? 0 } };
    const reason = translateMessage(error.code, language, error.params);
    throw new WebhookTestFailedError(url, reason, { statusCode: outcome.statusCode, error: reason, durationMs: outcome.durationMs });
  }
  return outcome;
}

export async function addWebhook(actor: Actor, body: WebhookCreateBody, language: UiLanguage, now = new Date()): Promise<WebhookWithSecret> {
  const existing = await listWebhookTargets(actor.companyId);
  if (existing.length >= MAX_WEBHOOKS_PER_COMPANY) throw new BadRequestError('webhooks.limitReached', {}, { max: MAX_WEBHOOKS_PER_COMPANY });
  const id = ulid(now.getTime());
  const secret = newSecret();
  const message = testMessage(actor.companyId, id, now);
  const outcome = await testDelivery(body.url, secret, message, language);
  const at = new Date().toISOString();
  const webhook: StoredWebhook = {
    id,
    companyId: actor.companyId,
    url: body.url,
    events: body.events,
    description: body.description ?? null,
    enabled: true,
    disabledReason: null,
    failingSince: null,
    // Its lane from the start: an endpoint whose test event took over 2 s starts on the slow one.
    lane: laneAfter(undefined, outcome),
    secret,
    previousSecret: null,
    previousSecretExpiresAt: null,
    createdAt: at,
    updatedAt: at,
    createdBy: actor.userId,
  };
  const attempt = attemptRecord(webhook, message, outcome, 'test', now);
  await createWebhook(webhook, [
    history(actor, 'webhook.created', id, body.url, { events: body.events }, now),
    messagePut(message, now),
    attemptPut(attempt, now),
  ]);
  forgetWebhookTargets(actor.companyId);
  return { ...webhookView(webhook, now), secret };
}

export async function listCompanyWebhooks(companyId: string): Promise<WebhookView[]> {
  const now = new Date();
  return (await listWebhooks(companyId)).sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map((webhook) => webhookView(webhook, now));
}

export async function changeWebhook(actor: Actor, webhookId: string, body: WebhookUpdateBody, language: UiLanguage, now = new Date()): Promise<WebhookView> {
  const current = await requireWebhook(actor.companyId, webhookId);
  const changes: Partial<StoredWebhook> = { updatedAt: now.toISOString() };
  const details: Record<string, { from: unknown; to: unknown }> = {};
  const alongside: TransactItem[] = [];
  if (body.url !== undefined && body.url !== current.url) {
    // A new address must answer the test event too, before anything is sent there.
    const message = testMessage(actor.companyId, webhookId, now);
    const outcome = await testDelivery(body.url, current.secret, message, language);
    alongside.push(messagePut(message, now), attemptPut(attemptRecord(current, message, outcome, 'test', now), now));
    changes.url = body.url;
    changes.failingSince = null;
    changes.lane = laneAfter(undefined, outcome);
    details.url = { from: current.url, to: body.url };
  }
  if (body.events !== undefined && body.events.join() !== current.events.join()) {
    changes.events = body.events;
    details.events = { from: current.events, to: body.events };
  }
  if (body.description !== undefined && (body.description ?? null) !== (current.description ?? null)) {
    changes.description = body.description ?? null;
    details.description = { from: current.description ?? null, to: body.description ?? null };
  }
  if (body.enabled !== undefined && body.enabled !== current.enabled) {
    changes.enabled = body.enabled;
    changes.disabledReason = body.enabled ? null : 'manual';
    // Turned on again: a fresh start for the failure clock.
    if (body.enabled) changes.failingSince = null;
    details.enabled = { from: current.enabled, to: body.enabled };
  }
  if (Object.keys(details).length === 0) return webhookView(current, now);
  await updateWebhook(actor.companyId, webhookId, changes, [history(actor, 'webhook.updated', webhookId, changes.url ?? current.url, details, now), ...alongside]);
  forgetWebhookTargets(actor.companyId);
  return webhookView({ ...current, ...changes }, now);
}

export async function removeWebhook(actor: Actor, webhookId: string, now = new Date()): Promise<void> {
  const current = await requireWebhook(actor.companyId, webhookId);
  await deleteWebhook(actor.companyId, webhookId, [history(actor, 'webhook.deleted', webhookId, current.url, {}, now)]);
  forgetWebhookTargets(actor.companyId);
}

/** A new secret, shown once; the previous one keeps signing (a second signature) for 24 hours. */
export async function rotateWebhookSecret(actor: Actor, webhookId: string, now = new Date()): Promise<WebhookWithSecret> {
  const current = await requireWebhook(actor.companyId, webhookId);
  const secret = newSecret();
  const previousSecretExpiresAt = new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000).toISOString();
  const changes = { secret, previousSecret: current.secret, previousSecretExpiresAt, updatedAt: now.toISOString() };
  await updateWebhook(actor.companyId, webhookId, changes, [history(actor, 'webhook.secret_rotated', webhookId, current.url, { previousSecretExpiresAt }, now)]);
  return { ...webhookView({ ...current, ...changes }, now), secret };
}

export async function webhookDeliveries(companyId: string, webhookId: string, limit: number, cursor: string | undefined, language: UiLanguage) {
  await requireWebhook(companyId, webhookId);
  const result = await listAttempts(companyId, webhookId, limit, cursor);
  return { items: result.items.map((attempt) => deliveryView(attempt, language)), cursor: result.cursor };
}

/**
 * Sends a logged delivery's message again, now, as a new attempt with the same webhook-id (and the
 * endpoint's current secrets). A success settles the message (a pending retry is then not made).
 */
export async function replayDelivery(actor: Actor, webhookId: string, deliveryId: string, language: UiLanguage, now = new Date()): Promise<WebhookDeliveryView> {
  const webhook = await requireWebhook(actor.companyId, webhookId);
  const logged = await getAttempt(actor.companyId, webhookId, deliveryId);
  if (!logged) throw new NotFoundError();
  const message = await claimReplayAttempt(actor.companyId, logged.messageId);
  const outcome = await sendDelivery({ url: webhook.url, messageId: message.id, body: message.body, secrets: signingSecrets(webhook, now) });
  const attempt = attemptRecord(webhook, message, outcome, 'replay', now);
  const line = history(actor, 'webhook.delivery_replayed', webhookId, webhook.url, { deliveryId, webhookMessageId: message.id, ok: outcome.ok }, now);
  await recordAttempt(attempt, outcome.ok && message.status !== 'delivered' ? { status: 'delivered', nextAttemptAt: null } : {}, now, [line]);
  if (outcome.ok && webhook.failingSince) await updateWebhookHealth(webhook.companyId, webhook.id, { failingSince: null });
  return deliveryView(attempt, language);
}
