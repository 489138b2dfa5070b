// Owners and their portal (issue 41 point 3; docs/owners.md): an owner's properties, the portal's
// answers (overview, a property's calendar, work done, statements) and owner stay requests.
import * as z from 'zod/mini';
import { ID_PATTERN } from '../ids';
import { PROPERTY_READINESS } from '../enums';
import { recordDate } from '../record-dates';
import { id, timestamp, optionalText, queryInteger, requiredIdOf } from './fields';

/** Builds a schema lazily enough for bundlers: fields.ts's `schema`, again here as esbuild honours the annotation only in its own module. */
const schema = /* @__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();

/** The most properties one owner may own (one portal account). */
export const MAX_OWNER_PROPERTIES = 200;
/** The longest calendar window one request answers, in days. */
export const OWNER_CALENDAR_MAX_DAYS = 120;
/** The most months the statements list goes back. */
export const OWNER_STATEMENT_MONTHS = 24;
/** The longest owner stay one request asks for, in nights. */
export const OWNER_STAY_MAX_NIGHTS = 180;

/** An owner's property ids: required and non-empty (POST /api/team/invites for role owner, PUT .../owner-properties). */
export const ownerPropertyIds = schema(() =>
  z.array(
    z.string({ error: 'owners.propertyIdsInvalid' }).check(z.regex(ID_PATTERN, { error: 'owners.propertyIdsInvalid' })),
    { error: 'owners.propertyIdsRequired' },
  ).check(
    z.minLength(1, { error: 'owners.propertyIdsRequired' }),
    z.maxLength(MAX_OWNER_PROPERTIES, { error: 'owners.propertyIdsTooMany' }),
  ));

/** PUT /api/team/{userId}/owner-properties */
export const ownerPropertiesBody = schema(() => z.object({ propertyIds: ownerPropertyIds }));
export type OwnerPropertiesBody = z.infer<typeof ownerPropertiesBody>;

// ---- GET /api/owner/overview ----

export const ownerOverviewPropertySchema = schema(() => z.object({
  id,
  name: z.string(),
  address: z.nullable(z.string()),
  city: z.nullable(z.string()),
  readiness: z.nullable(z.enum(PROPERTY_READINESS)),
  /** The next guest's arrival (company calendar day) and nights; null when none is booked. */
  nextCheckin: z.nullable(z.object({ date: z.string(), nights: z.int() })),
  /** Share of this month's nights taken by stays, blocks and owner stays (0..1). */
  occupancyThisMonth: z.number(),
}));
export type OwnerOverviewProperty = z.infer<typeof ownerOverviewPropertySchema>;

export const ownerOverviewSchema = schema(() => z.object({
  company: z.object({ id, name: z.string(), logoUrl: z.nullable(z.string()) }),
  /** Whether the company shows guests' names to owners (company setting ownersSeeGuestNames). */
  showGuestNames: z.boolean(),
  properties: z.array(ownerOverviewPropertySchema),
  pendingApprovals: z.int(),
  pendingStayRequests: z.int(),
}));
export type OwnerOverview = z.infer<typeof ownerOverviewSchema>;

// ---- Owner stay requests ----

export const OWNER_STAY_REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type OwnerStayRequestStatus = (typeof OWNER_STAY_REQUEST_STATUSES)[number];

export const ownerStayRequestSchema = schema(() => z.object({
  id,
  propertyId: id,
  propertyName: z.string(),
  /** Nights from checkinDate up to, not including, checkoutDate (YYYY-MM-DD). */
  checkinDate: z.string(),
  checkoutDate: z.string(),
  note: z.nullable(z.string()),
  status: z.enum(OWNER_STAY_REQUEST_STATUSES),
  requestedBy: z.object({ userId: id, name: z.string() }),
  createdAt: timestamp,
  decidedAt: z.nullable(timestamp),
  /** The member who accepted or declined it (user id); null while pending or when the owner cancelled. */
  decidedBy: z.nullable(z.string()),
  decisionNote: z.nullable(z.string()),
  /** The calendar block made when it was accepted. */
  blockId: z.nullable(z.string()),
}));
export type OwnerStayRequest = z.infer<typeof ownerStayRequestSchema>;

/** POST /api/owner/stay-requests */
export const ownerStayRequestBody = schema(() => z.object({
  propertyId: requiredIdOf('owners.propertyRequired'),
  checkinDate: recordDate('reservation.checkinRequired'),
  checkoutDate: recordDate('reservation.checkoutRequired'),
  note: optionalText(500, 'many'),
}));
export type OwnerStayRequestBody = z.infer<typeof ownerStayRequestBody>;

/** POST /api/owner-stay-requests/{requestId}/decline */
export const ownerStayDecisionBody = schema(() => z.object({
  note: optionalText(500, 'many'),
}));
export type OwnerStayDecisionBody = z.infer<typeof ownerStayDecisionBody>;

/** GET /api/owner-stay-requests?status=pending (absent: every status, newest first) */
export const ownerStayRequestsQuery = schema(() => z.object({
  status: z.optional(z.enum(OWNER_STAY_REQUEST_STATUSES, { error: 'validation.invalid' })),
}));
export type OwnerStayRequestsQuery = z.infer<typeof ownerStayRequestsQuery>;

export const ownerStayRequestListSchema = schema(() => z.object({ items: z.array(ownerStayRequestSchema) }));
export type OwnerStayRequestList = z.infer<typeof ownerStayRequestListSchema>;

// ---- GET /api/owner/properties/{id}/calendar ----

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD: absent, this month (company calendar); at most OWNER_CALENDAR_MAX_DAYS days. */
export const ownerCalendarQuery = schema(() => z.object({
  from: z.optional(recordDate('owners.fromInvalid')),
  to: z.optional(recordDate('owners.toInvalid')),
}));
export type OwnerCalendarQuery = z.infer<typeof ownerCalendarQuery>;

export const OWNER_CALENDAR_KINDS = ['stay', 'block', 'owner_stay'] as const;
export type OwnerCalendarKind = (typeof OWNER_CALENDAR_KINDS)[number];

export const ownerCalendarStaySchema = schema(() => z.object({
  id,
  kind: z.enum(OWNER_CALENDAR_KINDS),
  checkinDate: z.string(),
  checkoutDate: z.string(),
  /** A guest's name only when the company shows them to owners; null otherwise (and for blocks). */
  guestName: z.nullable(z.string()),
  channel: z.nullable(z.string()),
  nights: z.int(),
}));
export type OwnerCalendarStay = z.infer<typeof ownerCalendarStaySchema>;

export const ownerCalendarSchema = schema(() => z.object({
  propertyId: id,
  /** The first day shown and the last (inclusive). */
  from: z.string(),
  to: z.string(),
  stays: z.array(ownerCalendarStaySchema),
  stayRequests: z.array(ownerStayRequestSchema),
}));
export type OwnerCalendar = z.infer<typeof ownerCalendarSchema>;

// ---- GET /api/owner/properties/{id}/work ----

export const ownerWorkQuery = schema(() => z.object({
  limit: z._default(queryInteger('validation.invalid').check(z.minimum(1, { error: 'validation.invalid' }), z.maximum(50, { error: 'validation.invalid' })), 20),
  cursor: z.optional(z.string().check(z.maxLength(2048))),
}));
export type OwnerWorkQuery = z.infer<typeof ownerWorkQuery>;

export const ownerWorkItemSchema = schema(() => z.object({
  taskId: id,
  type: z.string(),
  title: z.string(),
  status: z.string(),
  completedAt: z.nullable(z.string()),
  scheduledDate: z.nullable(z.string()),
  /** Presigned GET addresses, valid for a while. */
  photos: z.array(z.object({ url: z.string(), thumbnailUrl: z.nullable(z.string()) })),
  /** Made from a problem report (any status). */
  problem: z.boolean(),
}));
export type OwnerWorkItem = z.infer<typeof ownerWorkItemSchema>;

export const ownerWorkSchema = schema(() => z.object({
  items: z.array(ownerWorkItemSchema),
  nextCursor: z.nullable(z.string()),
}));
export type OwnerWork = z.infer<typeof ownerWorkSchema>;

// ---- GET /api/owner/statements ----

export const ownerStatementEntrySchema = schema(() => z.object({
  propertyId: id,
  propertyName: z.string(),
  /** YYYY-MM: download with GET /api/properties/{propertyId}/owner-report?month=YYYY-MM. */
  month: z.string(),
}));
export type OwnerStatementEntry = z.infer<typeof ownerStatementEntrySchema>;

export const ownerStatementsSchema = schema(() => z.object({ items: z.array(ownerStatementEntrySchema) }));
export type OwnerStatements = z.infer<typeof ownerStatementsSchema>;
