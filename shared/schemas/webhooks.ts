// Webhooks (issue 39 point 4): the CEO's endpoints that receive the company's events, signed as the
// Standard Webhooks spec says. The request bodies the API validates and the shapes it answers, for
// the Integrations page and the OpenAPI document. The events' payloads live in events/catalogue.ts
// (WEBHOOK_EVENTS); their names are here so the screens can offer them without the catalogue.
import * as z from 'zod/mini';
import { optionalText, pageQuery, type PageQuery } from './fields';

/** Builds a schema lazily enough for bundlers: fields.ts's `schema`, again here as esbuild honours the annotation only in its own module. */
const schema = /* @__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();

/** The public events an endpoint can subscribe to (events/catalogue.ts WEBHOOK_EVENTS has each one's payload). */
export const WEBHOOK_EVENT_TYPES = [
  'task.created',
  'task.updated',
  'task.assigned',
  'task.completed',
  'task.inspection_passed',
  'task.inspection_failed',
  'property.not_ready',
  'reservation.created',
  'reservation.updated',
  'reservation.cancelled',
  'reservation.double_booked',
  'reservation.guests_left',
  'problem.reported',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The synchronous test delivery sent when an endpoint is added (never subscribed to). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Endpoints per company. */
export const MAX_WEBHOOKS_PER_COMPANY = 100;

/** How long the previous secret still signs after a rotation (both signatures sent). */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

/**
 * The local inspector's receiving URL (`npm start` only; production has no /dev pages and refuses
 * loopback targets): `origin` is the local app's (http://localhost:3000), `name` any label.
 */
export function localWebhookInspectorUrl(origin: string, name = 'demo'): string {
  const url = new URL(origin);
  return `http://127.0.0.1:${url.port || '80'}/dev/webhooks/in/${encodeURIComponent(name)}`;
}
/** The local inspector's page listing what arrived (`npm start` only). */
export const LOCAL_WEBHOOK_INSPECTOR_PATH = '/dev/webhooks';

const webhookUrl = schema(() => z
  .pipe(
    z.string({ error: 'webhooks.urlInvalid' }).check(z.trim(), z.maxLength(2048, { error: 'webhooks.urlInvalid' })),
    z.url({ protocol: /^https?$/, error: 'webhooks.urlInvalid' }),
  )
  .check(
    z.refine(
      (value) => {
        try {
          const url = new URL(value);
          return !url.username && !url.password && !url.hash;
        } catch {
          return false;
        }
      },
      { error: 'webhooks.urlInvalid' },
    ),
  ));

const webhookEvents = schema(() => z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'webhooks.eventUnknown' }), { error: 'webhooks.eventsRequired' })
  .check(
    z.minLength(1, { error: 'webhooks.eventsRequired' }),
    z.maxLength(WEBHOOK_EVENT_TYPES.length * 2, { error: 'webhooks.eventsRequired' }),
    z.overwrite((events) => [...new Set(events)]),
  ));

/** POST /api/webhooks */
export const webhookCreateBody = schema(() => z.object({
  url: webhookUrl,
  events: webhookEvents,
  description: optionalText(200),
}));
export type WebhookCreateBody = z.infer<typeof webhookCreateBody>;

/** PUT /api/webhooks/{id}: the fields to change. */
export const webhookUpdateBody = schema(() => z.object({
  url: z.optional(webhookUrl),
  events: z.optional(webhookEvents),
  description: optionalText(200),
  enabled: z.optional(z.boolean({ error: 'validation.invalid' })),
}));
export type WebhookUpdateBody = z.infer<typeof webhookUpdateBody>;

/** Why an endpoint is off: the CEO turned it off, or it failed for days and was disabled. */
export const WEBHOOK_DISABLED_REASONS = ['manual', 'failing'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

/** An endpoint as the API answers it (never its secret). */
export const webhookView = schema(() => z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  description: z.nullable(z.string()),
  enabled: z.boolean(),
  disabledReason: z.nullable(z.enum(WEBHOOK_DISABLED_REASONS)),
  /** The endpoint has failed every attempt since then (null: healthy). */
  failingSince: z.nullable(z.string()),
  /** The first characters of the current secret (whsec_ and 4 more), to tell secrets apart. */
  secretHint: z.string(),
  /** A rotation's previous secret still signs until then (null: no overlap). */
  previousSecretExpiresAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
}));
export type WebhookView = z.infer<typeof webhookView>;

/** POST /api/webhooks (201) and POST /api/webhooks/{id}/rotate-secret: the secret, shown this once. */
export const webhookWithSecret = schema(() => z.object({ ...webhookView.shape, secret: z.string() }));
export type WebhookWithSecret = z.infer<typeof webhookWithSecret>;

/** What started an attempt: the event itself, a scheduled retry, a replay by hand, or the test on creation. */
export const WEBHOOK_ATTEMPT_TRIGGERS = ['event', 'retry', 'replay', 'test'] as const;
export type WebhookAttemptTrigger = (typeof WEBHOOK_ATTEMPT_TRIGGERS)[number];

/** One delivery attempt (GET /api/webhooks/{id}/deliveries, newest first, paged with x-next-cursor). */
export const webhookDeliveryView = schema(() => z.object({
  id: z.string(),
  /** The message's `webhook-id` header: the same on every attempt of one event to this endpoint. */
  webhookId: z.string(),
  eventType: z.string(),
  /** 1 for the first attempt of a message, then 2, 3…; replays count too. */
  attempt: z.int(),
  trigger: z.enum(WEBHOOK_ATTEMPT_TRIGGERS),
  /** The endpoint's HTTP status, or null when it could not be reached or did not answer in time. */
  statusCode: z.nullable(z.int()),
  ok: z.boolean(),
  durationMs: z.int(),
  at: z.string(),
  /** When the next automatic retry goes (null: delivered, a replay, or no retry left). */
  nextRetryAt: z.nullable(z.string()),
  /** What went wrong, in the caller's language (null when delivered). */
  error: z.nullable(z.string()),
}));
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryView>;

/** GET /api/webhooks/{id}/deliveries: the lists' paging (limit, cursor). */
export const webhookDeliveriesQuery = pageQuery;
export type WebhookDeliveriesQuery = PageQuery;
