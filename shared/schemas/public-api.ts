// The public API (`/api/v1/*`, issue 39): its request bodies, queries and answers. Entities reuse the
// app's own schemas (taskSchema, reservationSchema, propertySchema…), so the OpenAPI document
// (functions/lib/openapi.ts) is generated from what the handlers validate with and answer.
import * as z from 'zod/mini';
import { NOTIFICATION_LANGUAGES, ROLES, TASK_STATUSES, TASK_TYPES } from '../enums';
import { API_KEY_SCOPES } from '../integrations';
import { id, timestamp, requiredText, isoDate, isoDateTime, transformed, pageQuery } from './fields';
import { inspectionBody, taskBody, taskSchema, taskUpdateBody } from './tasks';
import { reservationBody, reservationCancelBody, reservationSchema, reservationUpdateBody } from './reservations';
import { monthParam } from './owner-reports';
import { propertyBody, propertyUpdateBody } from './properties';

/** Builds a schema lazily enough for bundlers: fields.ts's `schema`, again here as esbuild honours the annotation only in its own module. */
const schema = /* @__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();

// ---- API keys (the app's Integrations page, CEO) ----

/** POST /api/api-keys */
export const apiKeyBody = schema(() => z.object({
  name: requiredText('apiKeys.nameRequired', 100),
  scopes: z._default(z.array(z.enum(API_KEY_SCOPES, { error: 'validation.invalid' })).check(z.minLength(1), z.maxLength(2)), ['read']),
  /** When the key stops working (ISO instant, in the future); absent or null: it does not expire. */
  expiresAt: transformed(
    z.nullish(isoDateTime.check(z.refine((value) => Date.parse(value) > Date.now(), { error: 'apiKeys.expiryInPast' }))),
    (value) => value ?? null,
  ),
}));
export type ApiKeyBody = z.infer<typeof apiKeyBody>;

export const apiKeySchema = schema(() => z.object({
  id,
  name: z.string(),
  /** The key's first characters, to recognise it (`rok_AbCd1234`); the key itself is never shown again. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: timestamp,
  createdByUserId: id,
  expiresAt: z.nullable(timestamp),
  lastUsedAt: z.nullable(timestamp),
}));
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to POST /api/api-keys: the key, this once. */
export const createdApiKeySchema = schema(() => z.extend(apiKeySchema, { key: z.string() }));

// ---- The public API ----

/** `limit` and an opaque `cursor` on every list. */
export const publicPageQuery = pageQuery;

/** A page of a list: the items, and the cursor of the next page (null on the last). */
export const pageOf = <T extends z.ZodMiniType>(item: T) => z.object({ data: z.array(item), nextCursor: z.nullable(z.string()) });

/** GET /api/v1/tasks */
export const publicTaskListQuery = schema(() => z.extend(pageQuery, {
  status: z.optional(z.enum(TASK_STATUSES)),
  type: z.optional(z.enum(TASK_TYPES)),
  propertyId: z.optional(z.string().check(z.maxLength(64))),
  /** The assignee's user id. */
  assigneeId: z.optional(z.string().check(z.maxLength(64))),
  /** Only tasks changed at or after this instant (ISO 8601): what a system keeping a copy asks for. */
  updatedSince: z.optional(isoDateTime),
}));
export type PublicTaskListQuery = z.infer<typeof publicTaskListQuery>;

/** POST /api/v1/properties: the app's property form (propertyBody). */
export const publicPropertyCreateBody = propertyBody;

/** PATCH /api/v1/properties/{id}: only the fields sent change, as in the app's PUT (propertyUpdateBody). */
export const publicPropertyPatchBody = propertyUpdateBody;

/** POST /api/v1/tasks: the app's task form (taskBody). */
export const publicTaskCreateBody = taskBody;

/**
 * PATCH /api/v1/tasks/{id}: only the fields sent change, as in the app's PUT (taskUpdateBody: no
 * form default, which made a PATCH without `type` turn the task into a cleaning and, issue 41
 * point 4, withdraw a repair's owner approval). Completing goes through
 * POST /api/v1/tasks/{id}/complete.
 */
export const publicTaskPatchBody = schema(() => z.omit(taskUpdateBody, { status: true }));
export type PublicTaskPatchBody = z.infer<typeof publicTaskPatchBody>;

/** POST /api/v1/tasks/{id}/assign: a member's id, or null to take the assignee off. */
export const publicTaskAssignBody = schema(() => z.object({ assigneeId: z.nullable(z.string().check(z.minLength(1), z.maxLength(64))) }));
export type PublicTaskAssignBody = z.infer<typeof publicTaskAssignBody>;

/** POST /api/v1/tasks/{id}/complete: when it was done (default: now). */
export const publicTaskCompleteBody = schema(() => z.object({ completedAt: z.optional(isoDateTime) }));
export type PublicTaskCompleteBody = z.infer<typeof publicTaskCompleteBody>;

/** POST /api/v1/tasks/{id}/start: when work began (default: now). */
export const publicTaskStartBody = schema(() => z.object({ startedAt: z.optional(isoDateTime) }));
export type PublicTaskStartBody = z.infer<typeof publicTaskStartBody>;

/** POST /api/v1/tasks/{id}/cancel: nothing to say (an empty object). */
export const publicTaskCancelBody = schema(() => z.object({}));
export type PublicTaskCancelBody = z.infer<typeof publicTaskCancelBody>;

/** POST /api/v1/tasks/{id}/inspection: the app's inspection result (inspectionBody). */
export const publicInspectionBody = inspectionBody;

/** Its answer: the inspection and the cleaning it inspected, as they are after the result. */
export const publicInspectionOutcomeSchema = schema(() => z.object({ inspection: taskSchema, cleaning: taskSchema }));
export type PublicInspectionOutcome = z.infer<typeof publicInspectionOutcomeSchema>;

/** A member as the public API shows them (no sign-in details). */
export const publicMemberSchema = schema(() => z.object({
  id,
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  email: z.string(),
  role: z.enum(ROLES),
  createdAt: timestamp,
}));
export type PublicMember = z.infer<typeof publicMemberSchema>;

/** GET /api/v1/properties/{id}/availability?from&to: nights, as calendar days (YYYY-MM-DD). */
export const availabilityQuery = schema(() => z.object({
  /** The first night; default: today in the company's time zone. */
  from: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' }))),
  /** The day after the last night (a check-out day); default: 30 nights after `from`. */
  to: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' }))),
}));
export type AvailabilityQuery = z.infer<typeof availabilityQuery>;

export const availabilitySchema = schema(() => z.object({
  propertyId: id,
  from: z.string(),
  to: z.string(),
  nights: z.array(z.object({
    date: z.string(),
    available: z.boolean(),
    /** The stay or block holding the night. */
    reservationId: z.nullable(id),
    kind: z.nullable(z.enum(['booking', 'block'])),
  })),
}));

/** RFC 9457 problem details, as every error of the public API answers. */
export const problemSchema = schema(() => z.object({
  type: z.string(),
  title: z.string(),
  status: z.int(),
  detail: z.string(),
  instance: z.optional(z.string()),
  code: z.optional(z.string()),
  errors: z.optional(z.array(z.object({ field: z.string(), pointer: z.string(), detail: z.string() }))),
}));


// ---- Properties, reservations, checklists, owner statements (issue 39 point 2) ----

/** A day, YYYY-MM-DD. */
const day = schema(() => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)));

/**
 * A reservation as the public API answers it: the app's reservation (reservationSchema) with the
 * fields the app's view always fills made required (reservations/service.ts reservationView).
 */
export const publicReservationSchema = schema(() => z.extend(reservationSchema, {
  status: z.enum(['confirmed', 'cancelled']),
  /** booking: a guest's stay; block: nights closed (owner stay, repairs, a channel's closure). */
  kind: z.enum(['booking', 'block']),
  /** The stay as calendar days in the company's time zone: nights from checkinDay up to, not including, checkoutDay. */
  checkinDay: day,
  checkoutDay: day,
  nights: z.int(),
  integrationSource: z.nullable(z.string()),
  feedId: z.nullable(id),
  syncStatus: z.nullable(z.enum(['ok', 'missing_from_feed', 'cancelled_in_feed', 'kept'])),
  tentative: z.boolean(),
  conflictWith: z.array(id),
  turnoverTaskId: z.nullable(id),
  cancelledAt: z.nullable(timestamp),
  cancelReason: z.nullable(z.string()),
}));
export type PublicReservation = z.infer<typeof publicReservationSchema>;

/**
 * GET /api/v1/reservations/{id}/guest-link: a guest stay's private "we have left" page (made on the
 * first read that needs it, as in the app), to send the guests in the PMS's own messages, with the
 * app's ready sentence in pt, en and es. `leftAt`: when they pressed it (once).
 */
export const publicGuestLinkSchema = schema(() => z.object({
  reservationId: id,
  url: z.string(),
  propertyName: z.string(),
  createdAt: timestamp,
  leftAt: z.nullable(timestamp),
  messages: z.object({ pt: z.string(), en: z.string(), es: z.string() }),
}));
export type PublicGuestLink = z.infer<typeof publicGuestLinkSchema>;

/** GET /api/v1/reservations */
export const publicReservationListQuery = schema(() => z.extend(pageQuery, {
  /** One property's reservations, by check-in; without it, the company's, newest first. */
  propertyId: z.optional(z.string().check(z.maxLength(64))),
  /** Only stays checking in on or after this day (YYYY-MM-DD, the company's calendar). */
  from: z.optional(isoDate),
  /** Only stays checking in before this day (YYYY-MM-DD). */
  to: z.optional(isoDate),
}));
export type PublicReservationListQuery = z.infer<typeof publicReservationListQuery>;

/** POST /api/v1/reservations: the app's reservation form (a direct booking). */
export const publicReservationCreateBody = reservationBody;
/** PATCH /api/v1/reservations/{id}: only the fields sent change (the app's change form). */
export const publicReservationPatchBody = reservationUpdateBody;
/** POST /api/v1/reservations/{id}/cancel */
export const publicReservationCancelBody = reservationCancelBody;

/** The most nights one availability call answers, and how many it answers when `to` is not given. */
export const MAX_AVAILABILITY_NIGHTS = 366;
export const DEFAULT_AVAILABILITY_NIGHTS = 30;

/** GET /api/v1/properties/{id}/checklist: the property's default checklist (no items when it has none). */
export const checklistTemplateSchema = schema(() => z.object({
  propertyId: id,
  items: z.array(z.object({ id, description: z.string(), required: z.boolean() })),
  updatedAt: z.nullable(timestamp),
}));

/** GET /api/v1/tasks/{id}/checklist: the task's checklist, null when it has none. Photo URLs are short-lived. */
export const publicTaskChecklistSchema = schema(() => z.nullable(z.object({
  id,
  taskId: id,
  propertyId: id,
  status: z.enum(TASK_STATUSES),
  notes: z.nullable(z.string()),
  source: z.enum(['template', 'custom']),
  totalItems: z.int(),
  completedItems: z.int(),
  requiredItems: z.int(),
  openRequiredItems: z.int(),
  createdAt: timestamp,
  updatedAt: timestamp,
  items: z.array(z.object({
    id,
    description: z.string(),
    required: z.boolean(),
    position: z.int(),
    isCompleted: z.boolean(),
    completedAt: z.nullable(timestamp),
    completedBy: z.nullable(id),
    photoBeforeUrl: z.nullable(z.string()),
    photoAfterUrl: z.nullable(z.string()),
    createdAt: timestamp,
    updatedAt: timestamp,
  })),
})));

/** The {month} of GET /api/v1/properties/{id}/owner-statements/{month}. */
export const ownerStatementParams = schema(() => z.object({ month: monthParam }));

const cents = schema(() => z.int());

/**
 * A property's owner statement for a month: what the owner report PDF shows, as data (the same
 * figures: functions/reports/owner/data.ts). Amounts in integer cents of `currency`; days in the
 * company's time zone.
 */
export const ownerStatementSchema = schema(() => z.object({
  propertyId: id,
  propertyName: z.string(),
  address: z.string(),
  month: z.string(),
  timeZone: z.string(),
  currency: z.literal('USD'),
  /** The property's owner, null when it has none. */
  owner: z.nullable(z.object({ name: z.string(), email: z.string(), language: z.enum(NOTIFICATION_LANGUAGES) })),
  generatedAt: timestamp,
  figures: z.object({
    stays: z.int(),
    nightsBooked: z.int(),
    nightsInMonth: z.int(),
    occupancyPercent: z.number(),
    blockedNights: z.int(),
    cleanings: z.int(),
    problemsReported: z.int(),
    problemsFixed: z.int(),
    expensesCents: cents,
    invoicedCents: cents,
    paidCents: cents,
  }),
  stays: z.array(z.object({ reservationId: id, guestName: z.string(), checkinDay: day, checkoutDay: day, nightsInMonth: z.int() })),
  cleanings: z.array(z.object({ taskId: id, title: z.string(), day })),
  problems: z.array(z.object({ taskId: id, title: z.string(), urgency: z.nullable(z.string()), status: z.enum(TASK_STATUSES), reportedDay: day, fixedDay: z.nullable(day) })),
  expenses: z.array(z.object({ id, date: z.string(), category: z.string(), description: z.nullable(z.string()), amountCents: cents })),
  invoices: z.array(z.object({ id, client: z.nullable(z.string()), description: z.nullable(z.string()), issuedDay: day, dueDate: z.string(), status: z.enum(['pending', 'paid', 'overdue']), amountCents: cents })),
}));
export type OwnerStatement = z.infer<typeof ownerStatementSchema>;
