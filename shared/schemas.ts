// Zod schemas for every entity of SPEC.md point 3 and every request body of point 7.
// Error messages are keys of shared/messages.ts (issueMessageKey names one for the issues that carry
// none). Built with zod/mini, zod's functional API: its schemas carry no method table that pulls in
// all of zod, so a bundle holds (and a Lambda function's start-up runs) only the parts it uses.
import * as z from 'zod/mini';
import {
  NOTIFICATION_LANGUAGES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PLANS,
  PREFERRED_LANGUAGES,
  ROLES,
  TASK_STATUSES,
  TASK_TYPES,
  TIME_ZONES,
  PROBLEM_URGENCIES,
} from './enums';
import { isMessageKey, type MessageKey } from './messages';
import { BILLING_CYCLES } from './plans';
import { BILLING_STATUSES, CHECKOUT_PLANS } from './billing';
import { SHIFTS, fromCents } from './rules';
import { recordDate, recordYears } from './record-dates';
import { parseAmount } from './money';

/**
 * Builds a schema lazily enough for bundlers: building a zod schema has no side effect, and saying
 * so lets esbuild (functions) and Rollup (frontend) drop every schema a bundle does not use, so a
 * Lambda function builds the few schemas it validates with at start-up, not all of them.
 */
const schema = /* @__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();

/** `inner`, then `fn` applied to its output (classic zod's `.transform`). */
const transformed = <A extends z.ZodMiniType, O>(inner: A, fn: (value: z.output<A>) => O) => z.pipe(inner, z.transform(fn));

/**
 * The message of an issue whose schema names none (an id longer than 64 characters, a wrong type in
 * a field no form shows): a generic key by the issue's kind. Passed as the error map of a parse
 * (`safeParse(input, { error: genericIssueMessage })`); the keys the schemas name take precedence.
 */
export function genericIssueMessage(issue: { code?: string; input?: unknown }): MessageKey {
  if (issue.code === 'too_big') return 'validation.tooLong';
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'validation.required';
  return 'validation.invalid';
}

/** The message key of a validation issue of a parse made without that error map. */
export function issueMessageKey(issue: { code?: string; message: string }): MessageKey {
  return isMessageKey(issue.message) ? issue.message : genericIssueMessage(issue);
}

const id = schema(() => z.string().check(z.minLength(1), z.maxLength(64)));
const timestamp = schema(() => z.string());
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

/**
 * Characters no text a person types carries, refused rather than stored and shown to others: C0 and
 * C1 controls (NUL, BEL, ESC…), lone UTF-16 surrogates, and the bidirectional overrides, embeddings
 * and isolates (a right-to-left override shows "abc\u202Egpj.exe" as "abcexe.jpg"; right-to-left
 * scripts need none of them). One-line text (names, titles, subjects: a title goes into an e-mail's
 * subject line and an SMS) has its line breaks and tabs turned into one space first, as a form's
 * one-line field shows a pasted "Ana<tab>Lima"; longer text (descriptions, notes, addresses,
 * messages) keeps them.
 */
const HIDDEN_IN_ONE_LINE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;
const HIDDEN_IN_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
/** Line breaks (CR, LF, NEL, U+2028/2029) and tabs: one space in one-line text. */
const LINE_BREAKS_AND_TABS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
/** Half of a character written in two UTF-16 units (an emoji cut in two): no file, e-mail or database takes it. */
const LONE_SURROGATE = /\p{Cs}/u;
export type TextLines = 'one' | 'many';
/** Whether `value` holds a character text of that kind never does (see HIDDEN_IN_ONE_LINE). */
export const hasHiddenCharacters = (value: string, lines: TextLines = 'one'): boolean =>
  (lines === 'one' ? HIDDEN_IN_ONE_LINE : HIDDEN_IN_LINES).test(value) || LONE_SURROGATE.test(value);
/** One-line text as the schemas keep it: line breaks and tabs become one space. */
export const asOneLine = (value: string): string => value.replace(LINE_BREAKS_AND_TABS, ' ');
/**
 * `value` without those characters, for text from outside that no form checked (a guest's name in a
 * channel's calendar feed): a line break or tab becomes a space, anything else goes.
 */
export const withoutHiddenCharacters = (value: string, lines: TextLines = 'one'): string => {
  const hidden = new RegExp((lines === 'one' ? HIDDEN_IN_ONE_LINE : HIDDEN_IN_LINES).source, 'g');
  return (lines === 'one' ? asOneLine(value) : value).replace(hidden, '').replace(/\p{Cs}/gu, '');
};
const noHiddenCharacters = (lines: TextLines) =>
  z.refine<string>((value) => !hasHiddenCharacters(value, lines), { error: 'validation.hiddenCharacters' });
/** The checks every piece of text starts with: one line (when it is), trimmed. */
const tidy = (lines: TextLines) => (lines === 'one' ? [z.overwrite(asOneLine), z.trim()] : [z.trim()]);
/** Something visible: not only spaces and invisible format characters (zero-width space, word joiner…). */
const hasVisibleCharacter = (value: string) => /[^\s\p{Cf}]/u.test(value);

const requiredText = (key: string, max = 200, lines: TextLines = 'one') =>
  z.string({ error: key }).check(
    ...tidy(lines),
    z.minLength(1, { error: key }),
    z.refine(hasVisibleCharacter, { error: key }),
    z.maxLength(max, { error: 'validation.tooLong' }),
    noHiddenCharacters(lines),
  );
const optionalText = (max = 2000, lines: TextLines = 'one') =>
  z.nullish(z.string().check(...tidy(lines), z.maxLength(max, { error: 'validation.tooLong' }), noHiddenCharacters(lines)));
/**
 * An e-mail address: `required` names a missing or empty one, `invalid` one that is not an address
 * ("Email inválido" unless a screen's own text says otherwise: SPEC's company form uses its
 * "é obrigatório" message for both).
 */
const email = (required = 'validation.email', invalid = 'validation.email') =>
  z.pipe(
    z.string({ error: required }).check(z.trim(), z.toLowerCase(), z.minLength(1, { error: required })),
    z.email({ error: invalid }).check(z.maxLength(254, { error: invalid })),
  );
/** ISO-8601 timestamp (with offset or Z). */
const isoDateTime = schema(() => z.iso.datetime({ offset: true, error: 'validation.date' }));
/** Calendar date YYYY-MM-DD. */
export const isoDate = schema(() => z.iso.date({ error: 'validation.date' }));

export { MIN_RECORD_YEAR, MAX_RECORD_YEAR, inRecordYears } from './record-dates';
/** An ISO-8601 instant (with offset or Z) in the record years. */
const recordDateTime = schema(() => z.iso.datetime({ offset: true, error: 'validation.date' }).check(recordYears()));
/** An integer from a query string's (or a form's) text; `error` names the message of anything else. */
const queryInteger = (error?: string) => z.pipe(z.coerce.number(error ? { error } : undefined), z.int(error ? { error } : undefined));
/** A required id in a request body (a task's, a property's). */
const requiredIdOf = (key: string) => z.string({ error: key }).check(z.trim(), z.minLength(1, { error: key }), z.maxLength(64));
/** The URL of an uploaded object (a task photo, a logo). */
const photoUrl = schema(() => z.url({ error: 'validation.invalid' }).check(z.maxLength(4096)));
const hourOfDay = schema(() => z.int({ error: 'settings.hourInvalid' }).check(z.minimum(0, { error: 'settings.hourInvalid' }), z.maximum(23, { error: 'settings.hourInvalid' })));

// ---------- Entities ----------
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

export const userSchema = schema(() => z.object({
  id,
  email: z.string(),
  firstName: z.nullish(z.string()),
  lastName: z.nullish(z.string()),
  profileImageUrl: z.nullish(z.string()),
  emailVerified: z.nullish(timestamp),
  authProvider: z._default(z.string(), 'cognito'),
  role: z._default(z.enum(ROLES), 'staff'),
  companyId: id,
  completedTasks: z._default(z.int(), 0),
  createdAt: timestamp,
  updatedAt: timestamp,
}));
export type User = z.infer<typeof userSchema>;

export const propertySchema = schema(() => z.object({
  id,
  name: z.string(),
  address: z.string(),
  companyId: id,
  /**
   * How to get in (issue 19): shown to the CEO and managers, and to a staff member only for a
   * property where they have an open task due by tomorrow (see shared/property-access.ts); every
   * other response to staff leaves them out.
   */
  accessNotes: z.nullish(z.string()),
  doorCode: z.nullish(z.string()),
  /** Who owns it (issue 21 point 4): gets the monthly owner report. CEO and managers only; never shown to staff. */
  owner: z.nullish(z.object({ name: z.string(), email: z.string(), language: z.enum(NOTIFICATION_LANGUAGES) })),
  createdAt: timestamp,
  updatedAt: timestamp,
}));
export type Property = z.infer<typeof propertySchema>;
export type PropertyOwner = NonNullable<Property['owner']>;

export const reservationSchema = schema(() => z.object({
  id,
  propertyId: id,
  guestName: z.string(),
  checkinDate: timestamp,
  checkoutDate: timestamp,
  integrationSource: z.nullish(z.string()),
  /** Absent on reservations written before reservations could be cancelled: confirmed. */
  status: z.optional(z.enum(['confirmed', 'cancelled'])),
  /** The stay as calendar days (company time zone): nights from checkinDay up to checkoutDay. */
  checkinDay: z.optional(z.string()),
  checkoutDay: z.optional(z.string()),
  /** Imported from an iCal feed: the feed, and whether the event is still in it. */
  feedId: z.nullish(id),
  /**
   * missing_from_feed: gone from its healthy feed; cancelled_in_feed: the feed marks it
   * STATUS:CANCELLED (both wait for a manager to cancel or keep it); kept: a manager kept it.
   */
  syncStatus: z.nullish(z.enum(['ok', 'missing_from_feed', 'cancelled_in_feed', 'kept'])),
  missingSince: z.nullish(timestamp),
  /** A block (owner block, "Not available", a channel's closure) takes nights but is no guest's stay. Absent: booking. */
  kind: z.optional(z.enum(['booking', 'block'])),
  /** The feed says the stay is tentative (STATUS:TENTATIVE, "Provisoire"…): its turnover asks for a check. */
  tentative: z.optional(z.boolean()),
  /** A Booking.com unavailable stretch: its export cannot tell a booking from a closure. */
  ambiguous: z.optional(z.boolean()),
  /** A manager said this block's turnover cleaning is not needed (kept across syncs). */
  turnoverDismissed: z.optional(z.boolean()),
  /** A Booking.com stretch whose every night another booking holds (the channel closed them for it): no turnover of its own. */
  coveredByBooking: z.optional(z.boolean()),
  /** Imported from a feed over nights another booking holds: a double booking until a manager resolves it. */
  conflictWith: z.optional(z.array(id)),
  /** The automatic turnover cleaning task of this stay. */
  turnoverTaskId: z.nullish(id),
  cancelledAt: z.nullish(timestamp),
  cancelReason: z.nullish(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
}));
export type Reservation = z.infer<typeof reservationSchema>;

export const taskSchema = schema(() => z.object({
  id,
  type: z.enum(TASK_TYPES),
  title: z.string(),
  description: z.nullish(z.string()),
  propertyId: id,
  reservationId: z.nullish(id),
  assignedUserId: z.nullish(id),
  status: z._default(z.enum(TASK_STATUSES), 'pending'),
  dueDate: z.nullish(timestamp),
  completedAt: z.nullish(timestamp),
  /** The task's checklist (functions/checklists), and how many of its required items are still open. */
  checklistId: z.nullish(id),
  openRequiredItems: z.optional(z.int()),
  /** Time on task: when work first started (status in_progress), and the minutes from start to completion. */
  startedAt: z.nullish(timestamp),
  actualMinutes: z.nullish(z.int()),
  /** A work order reported from the field: the task it came from, and how urgent it is. */
  sourceTaskId: z.nullish(id),
  urgency: z.nullish(z.enum(PROBLEM_URGENCIES)),
  /**
   * An automatic turnover a manager should check: its stay is a Booking.com unavailable stretch
   * (a booking or a closure) or tentative. Cleared when the stay is confirmed.
   */
  reviewReason: z.nullish(z.enum(['booking_or_closure', 'tentative'])),
  createdAt: timestamp,
  updatedAt: timestamp,
}));
export type Task = z.infer<typeof taskSchema>;

export const checklistSchema = schema(() => z.object({
  id,
  taskId: id,
  status: z._default(z.enum(TASK_STATUSES), 'pending'),
  notes: z.nullish(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
}));
export type Checklist = z.infer<typeof checklistSchema>;

export const checklistItemSchema = schema(() => z.object({
  id,
  checklistId: id,
  description: z.string(),
  isCompleted: z._default(z.boolean(), false),
  photoBeforeUrl: z.nullish(z.string()),
  photoAfterUrl: z.nullish(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
}));
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

export const invoiceSchema = schema(() => z.object({
  id,
  companyId: id,
  /** decimal(10,2) as a string, e.g. "1250.00" */
  amount: z.string(),
  dueDate: timestamp,
  status: z._default(z.enum(PAYMENT_STATUSES), 'pending'),
  /** The amount in integer cents (exact sums); `amount` is its decimal(10,2) text. */
  amountCents: z.optional(z.int()),
  /** Optional client and description, and the property the invoice is for. */
  client: z.nullish(z.string()),
  description: z.nullish(z.string()),
  propertyId: z.nullish(id),
  propertyName: z.nullish(z.string()),
  /** When it was marked paid; revenue counts in that (UTC) month. */
  paidAt: z.nullish(timestamp),
  createdAt: timestamp,
  updatedAt: timestamp,
}));
export type Invoice = z.infer<typeof invoiceSchema>;

export const notificationPreferencesSchema = schema(() => z.object({
  id,
  userId: id,
  companyId: id,
  emailEnabled: z._default(z.boolean(), true),
  smsEnabled: z._default(z.boolean(), true),
  taskAssigned: z._default(z.boolean(), true),
  taskCompleted: z._default(z.boolean(), true),
  propertyIssues: z._default(z.boolean(), true),
  reservationReminders: z._default(z.boolean(), true),
  /** New, re-dated and cancelled reservations (not in SPEC's four switches: the team-and-reservations issue added it). */
  reservationChanges: z._default(z.boolean(), true),
  /** A calendar feed fails to import, or a booking vanishes from its feed. */
  calendarSync: z._default(z.boolean(), true),
  /** Someone joins the team, changes role or is removed. */
  teamChanges: z._default(z.boolean(), true),
  phoneNumber: z.nullish(z.string()),
  language: z._default(z.enum(NOTIFICATION_LANGUAGES), 'pt'),
  createdAt: timestamp,
  updatedAt: timestamp,
}));
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const notificationHistorySchema = schema(() => z.object({
  id,
  userId: id,
  companyId: id,
  type: z.string(),
  category: z.string(),
  recipient: z.string(),
  subject: z.nullish(z.string()),
  message: z.string(),
  status: z._default(z.string(), 'sent'),
  errorMessage: z.nullish(z.string()),
  sentAt: z.nullish(timestamp),
  createdAt: timestamp,
}));
export type NotificationHistory = z.infer<typeof notificationHistorySchema>;

export const sessionSchema = schema(() => z.object({
  sid: z.string(),
  sess: z.object({
    userId: id,
    companyId: id,
    email: z.string(),
    role: z.enum(ROLES),
  }),
  /** ISO timestamp after which the session is no longer valid (sliding). */
  expire: timestamp,
}));
export type Session = z.infer<typeof sessionSchema>;

// ---------- Request bodies (SPEC point 7) ----------
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
}));
export type CompanyUpdateBody = z.infer<typeof companyUpdateBody>;

export const propertyBody = schema(() => z.object({
  name: requiredText('property.nameRequired'),
  address: requiredText('property.addressRequired', 500, 'many'),
  /** Access notes and door code: absent keeps the stored value, empty or null clears it. */
  accessNotes: z.optional(transformed(z.nullable(z.string({ error: 'validation.invalid' }).check(z.trim(), z.maxLength(2000, { error: 'validation.tooLong' }), noHiddenCharacters('many'))), (value) => value || null)),
  doorCode: z.optional(transformed(z.nullable(z.string({ error: 'validation.invalid' }).check(...tidy('one'), z.maxLength(40, { error: 'validation.tooLong' }), noHiddenCharacters('one'))), (value) => value || null)),
}));
export type PropertyBody = z.infer<typeof propertyBody>;

/** PUT /api/properties/{id}/owner: the owner who gets the monthly report, in their language. */
export const propertyOwnerBody = schema(() => z.object({
  name: requiredText('owner.nameRequired'),
  email: email('owner.emailRequired'),
  language: z._default(z.enum(NOTIFICATION_LANGUAGES, { error: 'owner.languageInvalid' }), 'pt'),
}));
export type PropertyOwnerBody = z.infer<typeof propertyOwnerBody>;

/** A calendar month, YYYY-MM (months 01-12, years 2000-2099). */
export const monthParam = schema(() => z.string({ error: 'ownerReport.monthInvalid' }).check(z.regex(/^20\d{2}-(0[1-9]|1[0-2])$/, { error: 'ownerReport.monthInvalid' })));

/** GET /api/properties/{id}/owner-report?month=YYYY-MM */
export const ownerReportQuery = schema(() => z.object({ month: monthParam }));
export type OwnerReportQuery = z.infer<typeof ownerReportQuery>;

/** GET /api/owner-reports?owner=<e-mail>&month=YYYY-MM: one report over every property of that owner. */
export const ownerReportsQuery = schema(() => z.object({ owner: email('owner.emailRequired'), month: monthParam }));
export type OwnerReportsQuery = z.infer<typeof ownerReportsQuery>;

export const taskBody = schema(() => z.object({
  type: z._default(z.enum(TASK_TYPES, { error: 'task.typeRequired' }), 'cleaning'),
  title: requiredText('task.titleRequired'),
  description: optionalText(5000, 'many'),
  propertyId: requiredIdOf('task.propertyRequired'),
  assignedUserId: transformed(z.nullish(z.string().check(z.maxLength(64))), (value) => value || null),
  status: z._default(z.enum(TASK_STATUSES), 'pending'),
  dueDate: transformed(z.nullish(recordDateTime), (value) => value ?? null),
  /**
   * Creation only: the task reports a problem at the property (e.g. a maintenance task for a
   * broken boiler), which notifies the CEO (property.issue_reported). Absent means false; it is
   * not stored on the task and updates ignore it.
   */
  issue: z.optional(z.boolean({ error: 'validation.invalid' })),
}));
export type TaskBody = z.infer<typeof taskBody>;

/** POST /api/tasks/{id}/problems: a problem found while working a task becomes a work order. */
export const MAX_PROBLEM_PHOTOS = 10;
export const problemReportBody = schema(() => z.object({
  description: requiredText('problem.descriptionRequired', 5000, 'many'),
  urgency: z.enum(PROBLEM_URGENCIES, { error: 'problem.urgencyRequired' }),
  /** Photos uploaded through POST /api/objects/upload for the source task: object keys or their URLs. */
  photoKeys: z._default(
    z.array(z.string().check(z.minLength(1), z.maxLength(2048))).check(z.maxLength(MAX_PROBLEM_PHOTOS, { error: 'problem.tooManyPhotos' })),
    [],
  ),
}));
export type ProblemReportBody = z.infer<typeof problemReportBody>;

/** The shortest password any form accepts (NIST SP 800-63B; the Cognito pool policy says the same). */
export const MIN_PASSWORD_LENGTH = 8;

export const registerBody = schema(() => z
  .object({
    email: z.string({ error: 'auth.allFieldsRequired' }).check(z.trim(), z.minLength(1, { error: 'auth.allFieldsRequired' }), z.maxLength(254, { error: 'validation.email' })),
    password: z.string({ error: 'auth.allFieldsRequired' }).check(z.minLength(1, { error: 'auth.allFieldsRequired' }), z.maxLength(256, { error: 'validation.tooLong' })),
    confirmPassword: z._default(z.string(), ''),
    firstName: z.string({ error: 'auth.allFieldsRequired' }).check(...tidy('one'), z.minLength(1, { error: 'auth.allFieldsRequired' }), z.maxLength(100, { error: 'validation.tooLong' }), noHiddenCharacters('one')),
    lastName: z.string({ error: 'auth.allFieldsRequired' }).check(...tidy('one'), z.minLength(1, { error: 'auth.allFieldsRequired' }), z.maxLength(100, { error: 'validation.tooLong' }), noHiddenCharacters('one')),
    /** The plan picked on /register: recorded on the new company as a plan-change request (as the hosted-UI path does). */
    plan: z.optional(z.enum(['basic', 'professional', 'enterprise'], { error: 'validation.invalid' })),
  })
  .check(z.superRefine((body, ctx) => {
    if (body.password !== body.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'auth.passwordsDontMatch' });
    }
    // NIST SP 800-63B: at least 8 (SPEC said 6); the common-password check is shared/password-strength.ts.
    if (body.password.length > 0 && body.password.length < MIN_PASSWORD_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'auth.passwordTooShort' });
    }
    if (body.email && !z.email().safeParse(body.email.toLowerCase()).success) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'validation.email' });
    }
  })));
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = schema(() => z.object({
  email: z.string({ error: 'auth.emailPasswordRequired' }).check(z.trim(), z.toLowerCase(), z.minLength(1, { error: 'auth.emailPasswordRequired' }), z.maxLength(254)),
  password: z.string({ error: 'auth.emailPasswordRequired' }).check(z.minLength(1, { error: 'auth.emailPasswordRequired' }), z.maxLength(256)),
}));
export type LoginBody = z.infer<typeof loginBody>;

/** SPEC point 5 reset rules, in the order SPEC lists their messages. */
export const newPassword = schema(() => z
  .string({ error: 'reset.minLength' })
  .check(
    z.minLength(8, { error: 'reset.minLength' }),
    z.maxLength(256),
    z.regex(/[a-z]/, { error: 'reset.lowercase' }),
    z.regex(/[A-Z]/, { error: 'reset.uppercase' }),
    z.regex(/\d/, { error: 'reset.digit' }),
    z.regex(/[@$!%*?&]/, { error: 'reset.special' }),
  ));

/** A one-time link token (e-mail confirmation, password reset); a missing one is an invalid link. */
const linkToken = schema(() => z.string({ error: 'auth.linkInvalid' }).check(z.trim(), z.minLength(1, { error: 'auth.linkInvalid' }), z.maxLength(512, { error: 'auth.linkInvalid' })));

export const resetPasswordBody = schema(() => z.object({
  token: linkToken,
  newPassword,
}));
export const resetPasswordForm = schema(() => z
  .object({ password: newPassword, confirmPassword: z.string() })
  .check(z.refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    error: 'reset.mismatch',
  })));

export const tokenBody = schema(() => z.object({ token: linkToken }));

/** A 6-digit TOTP code (two-factor sign-in and enrolment); spaces typed between the digits are dropped. */
export const totpCodeBody = schema(() => z.object({
  code: z.string({ error: 'auth.totpCodeFormat' }).check(
    z.overwrite((code) => code.replace(/\s+/g, '')),
    z.regex(/^\d{6}$/, { error: 'auth.totpCodeFormat' }),
  ),
}));
export type TotpCodeBody = z.infer<typeof totpCodeBody>;

/** POST /api/auth/two-factor/start: a signed-in member turning two-factor on proves the password again. */
export const twoFactorStartBody = schema(() => z.object({
  password: z.string({ error: 'auth.emailPasswordRequired' }).check(z.minLength(1, { error: 'auth.emailPasswordRequired' }), z.maxLength(256)),
}));
export const forgotPasswordBody = schema(() => z.object({ email: email() }));

/** Pagination query shared by every list. */
export const pageQuery = schema(() => z.object({
  limit: z._default(queryInteger().check(z.minimum(1), z.maximum(100)), 25),
  cursor: z.optional(z.string().check(z.maxLength(2048))),
}));
export type PageQuery = z.infer<typeof pageQuery>;

export const taskListQuery = schema(() => z.extend(pageQuery, {
  status: z.optional(z.enum(TASK_STATUSES)),
  type: z.optional(z.enum(TASK_TYPES)),
  propertyId: z.optional(z.string().check(z.maxLength(64))),
}));
export type TaskListQuery = z.infer<typeof taskListQuery>;

/** GET /api/me/inbox: a page of the caller's in-app notifications, newest first. */
export const inboxQuery = schema(() => z.object({
  limit: z._default(queryInteger().check(z.minimum(1), z.maximum(50)), 20),
  cursor: z.optional(z.string().check(z.maxLength(2048))),
}));
export type InboxQuery = z.infer<typeof inboxQuery>;

/** POST /api/me/inbox/read: the items the caller has seen (their own; others' ids change nothing). */
export const inboxReadBody = schema(() => z.object({
  ids: z.array(id, { error: 'validation.invalid' }).check(z.minLength(1, { error: 'validation.invalid' }), z.maxLength(100, { error: 'validation.invalid' })),
}));
export type InboxReadBody = z.infer<typeof inboxReadBody>;

export const reservationListQuery = schema(() => z.extend(pageQuery, {
  propertyId: z.string({ error: 'task.propertyRequired' }).check(z.minLength(1, { error: 'task.propertyRequired' }), z.maxLength(64)),
  /** Only reservations checking in from this instant on. */
  from: z.optional(isoDateTime),
}));
export type ReservationListQuery = z.infer<typeof reservationListQuery>;

export const flaggedReservationsQuery = schema(() => z.object({
  propertyId: z.string({ error: 'task.propertyRequired' }).check(z.minLength(1, { error: 'task.propertyRequired' }), z.maxLength(64)),
}));
export type FlaggedReservationsQuery = z.infer<typeof flaggedReservationsQuery>;

export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', 'image/heif'] as const;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** POST /api/objects/upload: SPEC sends an empty body; the task and the file's type and size make the URL safe. */
export const uploadRequestBody = schema(() => z.object({
  taskId: requiredIdOf('validation.required'),
  contentType: z.enum(PHOTO_CONTENT_TYPES, { error: 'photos.notImage' }),
  size: z.optional(z.int().check(z.minimum(1), z.maximum(MAX_PHOTO_BYTES, { error: 'photos.tooLarge' }))),
}));
export type UploadRequestBody = z.infer<typeof uploadRequestBody>;

export const taskPhotoBody = schema(() => z.object({
  photoURL: photoUrl,
  taskId: requiredIdOf('validation.required'),
}));
export type TaskPhotoBody = z.infer<typeof taskPhotoBody>;

/**
 * The company logo (SPEC's "Alterar Logotipo", whose action it leaves open): PNG, JPEG or WebP up
 * to 2 MB. No SVG: it can carry script, and the logo shows on every screen.
 */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

/** POST /api/companies/{id}/logo/upload: the file's type and size (the URL is signed for that type). */
export const logoUploadBody = schema(() => z.object({
  contentType: z.enum(LOGO_CONTENT_TYPES, { error: 'logo.notImage' }),
  size: z
    .int({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid') })
    .check(z.minimum(1, { error: 'logo.empty' }), z.maximum(MAX_LOGO_BYTES, { error: 'logo.tooLarge' })),
}));
export type LogoUploadBody = z.infer<typeof logoUploadBody>;

/** PUT /api/companies/{id}/logo: the uploaded object's URL (the presigned PUT without its query). */
export const companyLogoBody = schema(() => z.object({
  logoURL: photoUrl,
}));
export type CompanyLogoBody = z.infer<typeof companyLogoBody>;

// ---------- Financials and reports ----------
export const EXPENSE_CATEGORIES = [
  'cleaning',
  'maintenance',
  'laundry',
  'supplies',
  'utilities',
  'payroll',
  'marketing',
  'taxes',
  'insurance',
  'other',
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

export const expenseSchema = schema(() => z.object({
  id,
  companyId: id,
  amount: z.string(),
  amountCents: z.int(),
  /** The day the expense was incurred, YYYY-MM-DD. */
  date: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  description: z.nullish(z.string()),
  /** The property the expense is for (its owner report lists it); null = the company's own. */
  propertyId: z.nullish(id),
  propertyName: z.nullish(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
}));
export type Expense = z.infer<typeof expenseSchema>;

/** decimal(10,2): more than 0, at most 8 integer digits and 2 decimals; a JSON number or a string. */
const moneyAmount = schema(() => z.pipe(
  transformed(z.union([z.string(), z.number()], { error: 'finance.amountInvalid' }), (value) => String(value).trim()),
  z.string().check(
    z.regex(/^\d{1,8}(\.\d{1,2})?$/, { error: 'finance.amountInvalid' }),
    z.refine((value) => /[1-9]/.test(value), { error: 'finance.amountInvalid' }),
  ),
));

/**
 * An amount as a person types it in a form ("1.250,50", "US$ 12,50": shared/money.ts parseAmount),
 * turned into the API's decimal text and then checked as the API's amount. The forms' amount field
 * (see mappedSchema in frontend/src/lib/forms); the API itself takes only "1250.50" or a number.
 */
export const typedMoneyAmount = schema(() => z.pipe(
  z.pipe(
    z.string({ error: 'finance.amountInvalid' }),
    z.transform((text: string, ctx) => {
      const parsed = parseAmount(text);
      if (parsed.ok) return fromCents(parsed.cents);
      ctx.issues.push({ code: 'custom', message: text.trim() ? parsed.error : 'finance.amountInvalid', input: text });
      return z.NEVER;
    }),
  ),
  // Its input is the transform's text (moneyAmount takes a JSON number too).
  moneyAmount as unknown as z.ZodMiniType<string, string>,
));

/** The stored status of an invoice; overdue is derived from the due date when read. */
export const INVOICE_SETTABLE_STATUSES = ['pending', 'paid'] as const;

export const invoiceBody = schema(() => z.object({
  amount: moneyAmount,
  dueDate: recordDate('invoice.dueDateRequired'),
  client: optionalText(200),
  description: optionalText(500, 'many'),
  propertyId: transformed(z.nullish(z.string().check(z.trim(), z.maxLength(64))), (value) => value || null),
  status: z._default(z.enum(INVOICE_SETTABLE_STATUSES), 'pending'),
}));
export type InvoiceBody = z.infer<typeof invoiceBody>;

export const invoiceStatusBody = schema(() => z.object({
  status: z.enum(INVOICE_SETTABLE_STATUSES, { error: 'validation.invalid' }),
}));
export type InvoiceStatusBody = z.infer<typeof invoiceStatusBody>;

export const expenseBody = schema(() => z.object({
  amount: moneyAmount,
  date: recordDate('expense.dateRequired'),
  category: z.enum(EXPENSE_CATEGORIES, { error: 'expense.categoryRequired' }),
  description: optionalText(500, 'many'),
  propertyId: transformed(z.nullish(z.string().check(z.trim(), z.maxLength(64))), (value) => value || null),
}));
export type ExpenseBody = z.infer<typeof expenseBody>;

export const TRANSACTION_KINDS = ['invoice', 'expense'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export const transactionListQuery = schema(() => z.extend(pageQuery, {
  /** Case- and accent-insensitive text search over client, description, category, property and amount. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  kind: z.optional(z.enum(TRANSACTION_KINDS)),
}));
export type TransactionListQuery = z.infer<typeof transactionListQuery>;

export { REPORT_TYPES, EXPORT_FORMATS, reportQuery, reportExportQuery, type ReportType, type ExportFormat, type ReportQuery, type ReportExportQuery } from './report-query';

// ---------- Plan-change requests (pricing screen) ----------
/** `applied` / `refused`: decided by the platform's team in the master console (enterprise is sold by contact). */
export const PLAN_REQUEST_STATUSES = ['pending', 'cancelled', 'superseded', 'applied', 'refused'] as const;

export const planRequestBody = schema(() => z.object({
  plan: z.enum(PLANS, { error: 'planRequest.planRequired' }),
  billing: z.enum(BILLING_CYCLES, { error: 'planRequest.billingRequired' }),
}));
export type PlanRequestBody = z.infer<typeof planRequestBody>;

export const planRequestSchema = schema(() => z.object({
  id,
  companyId: id,
  plan: z.enum(PLANS),
  billing: z.enum(BILLING_CYCLES),
  status: z.enum(PLAN_REQUEST_STATUSES),
  /** `signup`: the plan picked on the sign-up screen, recorded on the company (requestedPlan). */
  source: z.enum(['pricing', 'signup']),
  /** The plan the company was on when the request was made. */
  fromPlan: z.enum(PLANS),
  /** Start of the next billing cycle (see nextBillingCycleStart in shared/rules.ts). */
  effectiveAt: timestamp,
  requestedAt: timestamp,
  requestedBy: z.nullish(id),
  closedAt: z.nullish(timestamp),
  closedBy: z.nullish(id),
}));
export type PlanRequest = z.infer<typeof planRequestSchema>;

// ---------- Payments and plan changes (issue 22) ----------
/** POST /api/billing/checkout: a paid plan bought by checkout (enterprise is sold by contact). */
export const checkoutBody = schema(() => z.object({
  plan: z.enum(CHECKOUT_PLANS, { error: 'billing.contactSales' }),
  billing: z.enum(BILLING_CYCLES, { error: 'planRequest.billingRequired' }),
}));
export type CheckoutBody = z.infer<typeof checkoutBody>;

/** POST /api/billing/downgrade: a smaller paid plan from the end of the paid period. */
export const downgradeBody = schema(() => z.object({
  plan: z.enum(CHECKOUT_PLANS, { error: 'planRequest.planRequired' }),
}));
export type DowngradeBody = z.infer<typeof downgradeBody>;

// ---------- The master console (/api/admin/*) ----------
/** Latest trial end the console may set: a year from now (an extension, not a free plan). */
export const MAX_TRIAL_EXTENSION_DAYS = 366;
const ADMIN_SETTABLE_PLANS = ['basic', 'professional', 'enterprise'] as const;
const adminInstant = schema(() => z.string({ error: 'admin.trialEndsAtInvalid' }).check(
  z.maxLength(40, { error: 'admin.trialEndsAtInvalid' }),
  z.refine((value) => {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return false;
    const at = Date.parse(value);
    return !Number.isNaN(at) && at >= Date.UTC(2020, 0, 1) && at <= Date.now() + MAX_TRIAL_EXTENSION_DAYS * 86_400_000;
  }, { error: 'admin.trialEndsAtInvalid' }),
));
/**
 * PUT /api/admin/companies/{id}: exactly one change. `trialEndsAt` extends (future) or ends (now or
 * past) a trial company's trial; `plan` sets a paid plan at once. Unknown fields are refused.
 */
export const adminCompanyUpdateBody = schema(() => z
  .strictObject({
    trialEndsAt: z.optional(adminInstant),
    plan: z.optional(z.enum(ADMIN_SETTABLE_PLANS, { error: 'planRequest.planRequired' })),
    reason: z.optional(z.string().check(z.trim(), z.maxLength(500, { error: 'validation.tooLong' }))),
  }, { error: 'admin.changeRequired' })
  .check(z.refine((body) => (body.trialEndsAt === undefined) !== (body.plan === undefined), { error: 'admin.changeRequired' })));
export type AdminCompanyUpdateBody = z.infer<typeof adminCompanyUpdateBody>;

/** PUT /api/admin/companies/{id}/plan-request: apply or refuse the company's pending request (enterprise: "contact sales"). */
export const adminPlanRequestDecisionBody = schema(() => z.strictObject({
  decision: z.enum(['apply', 'refuse'], { error: 'admin.decisionRequired' }),
  reason: z.optional(z.string().check(z.trim(), z.maxLength(500, { error: 'validation.tooLong' }))),
}, { error: 'admin.decisionRequired' }));
export type AdminPlanRequestDecisionBody = z.infer<typeof adminPlanRequestDecisionBody>;

/** GET /api/admin/companies?cursor=&limit= */
export const adminCompaniesQuery = schema(() => z.object({
  cursor: z.optional(z.string().check(z.maxLength(2000))),
  limit: z.optional(z.pipe(z.coerce.number({ error: 'validation.invalid' }), z.int({ error: 'validation.invalid' }).check(z.minimum(1, { error: 'validation.invalid' }), z.maximum(100, { error: 'validation.invalid' })))),
}));
export type AdminCompaniesQuery = z.infer<typeof adminCompaniesQuery>;

// ---------- Shifts (Turnos de Hoje) ----------
export const shiftParams = schema(() => z.object({
  date: recordDate(),
  shift: z.enum(SHIFTS, { error: 'shift.unknown' }),
}));
export type ShiftParams = z.infer<typeof shiftParams>;

const memberIds = schema(() => z.array(id).check(z.maxLength(100)));

export const shiftAssignmentBody = schema(() => z
  .object({
    teams: z
      .array(
        z.object({
          name: requiredText('shift.teamNameRequired', 80),
          memberIds: memberIds.check(z.minLength(1, { error: 'shift.membersRequired' })),
        }),
        { error: 'shift.membersRequired' },
      )
      .check(z.maxLength(10, { error: 'shift.tooManyTeams' })),
  })
  .check(z.superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.teams.forEach((team, t) =>
      team.memberIds.forEach((memberId, m) => {
        if (seen.has(memberId)) ctx.addIssue({ code: 'custom', path: ['teams', t, 'memberIds', m], message: 'shift.duplicateMember' });
        seen.add(memberId);
      }),
    );
  })));
export type ShiftAssignmentBody = z.infer<typeof shiftAssignmentBody>;

/** Iniciar Turno: managers name the members who are there (all scheduled members when absent). */
export const shiftStartBody = schema(() => z.object({ memberIds: z.optional(memberIds) }));
export type ShiftStartBody = z.infer<typeof shiftStartBody>;

export const shiftTeamSchema = schema(() => z.object({ id, name: z.string(), memberIds: z.array(id) }));
export const shiftAttendanceSchema = schema(() => z.object({
  checkedInAt: timestamp,
  checkedInBy: id,
  checkedOutAt: z.nullish(timestamp),
}));
export const shiftRecordSchema = schema(() => z.object({
  companyId: id,
  date: z.string(),
  shift: z.enum(SHIFTS),
  teams: z.array(shiftTeamSchema),
  /** Every scheduled member of every team (for conditions on check-in). */
  memberIds: z.array(id),
  attendance: z.record(z.string(), shiftAttendanceSchema),
  startedAt: z.nullish(timestamp),
  startedBy: z.nullish(id),
  endedAt: z.nullish(timestamp),
  endedBy: z.nullish(id),
  createdAt: timestamp,
  updatedAt: timestamp,
  updatedBy: z.nullish(id),
}));
export type ShiftRecord = z.infer<typeof shiftRecordSchema>;

// ---------- Notifications (CEO only; SPEC points 2, 3, 5, 7, 9) ----------
/** SPEC point 9: the history shows at most 50 entries. */
export const NOTIFICATION_HISTORY_LIMIT = 50;
/** E.164: "+", the country code, then the number; 8 to 15 digits in all. */
export const E164_PATTERN = /^\+[1-9]\d{7,14}$/;

/** The caller's own company; another company's id is answered with 404 by the handlers. */
const notificationCompanyId = schema(() => z
  .string({ error: 'notifications.companyRequired' })
  .check(z.trim(), z.minLength(1, { error: 'notifications.companyRequired' }), z.maxLength(64, { error: 'notifications.companyRequired' })));

/**
 * A phone number in E.164. Spaces, dashes, dots and parentheses people type are dropped first
 * ("+55 (11) 99999-9999" is +5511999999999). Empty or null clears the number; absent leaves it.
 */
export const phoneNumberInput = schema(() => transformed(
  transformed(z.nullish(z.string({ error: 'validation.phoneE164' }).check(z.maxLength(40, { error: 'validation.phoneE164' }))), (value) =>
    value == null ? value : value.replace(/[\s().-]/g, ''),
  ).check(z.refine((value) => value == null || value === '' || E164_PATTERN.test(value), { error: 'validation.phoneE164' })),
  (value) => (value === '' ? null : value),
));

const optionalSwitch = schema(() => z.optional(z.boolean({ error: 'validation.invalid' })));

/** PUT /api/notifications/preferences: the changed field(s), companyId, and userId for switches. */
export const notificationPreferencesBody = schema(() => z.object({
  companyId: notificationCompanyId,
  userId: z.optional(id),
  emailEnabled: optionalSwitch,
  smsEnabled: optionalSwitch,
  taskAssigned: optionalSwitch,
  taskCompleted: optionalSwitch,
  propertyIssues: optionalSwitch,
  reservationReminders: optionalSwitch,
  reservationChanges: optionalSwitch,
  calendarSync: optionalSwitch,
  teamChanges: optionalSwitch,
  phoneNumber: phoneNumberInput,
  language: z.optional(z.enum(NOTIFICATION_LANGUAGES, { error: 'validation.invalid' })),
}));
export type NotificationPreferencesBody = z.infer<typeof notificationPreferencesBody>;

export const notificationCompanyQuery = schema(() => z.object({ companyId: notificationCompanyId }));

/**
 * PUT /api/me/notification-preferences: every member's own channels for the notices about their
 * work (assigned, moved, cancelled tasks) and the evening digest of tomorrow's tasks. The fields
 * sent change; absent ones keep their value. SMS needs a phone number (stored or sent).
 */
export const memberNotificationPreferencesBody = schema(() => z.object({
  email: optionalSwitch,
  sms: optionalSwitch,
  phone: phoneNumberInput,
  language: z.optional(z.enum(NOTIFICATION_LANGUAGES, { error: 'validation.invalid' })),
  digest: optionalSwitch,
  digestHour: z.optional(hourOfDay),
}));
export type MemberNotificationPreferencesBody = z.infer<typeof memberNotificationPreferencesBody>;

/** GET /api/me/tasks?days=7: today and the next days (company zone), 1 to 31 days. */
export const myTasksQuery = schema(() => z.object({
  days: z._default(queryInteger('myTasks.daysInvalid').check(z.minimum(1, { error: 'myTasks.daysInvalid' }), z.maximum(31, { error: 'myTasks.daysInvalid' })), 7),
}));
export type MyTasksQuery = z.infer<typeof myTasksQuery>;
export type NotificationCompanyQuery = z.infer<typeof notificationCompanyQuery>;

/** GET /api/notifications/history?companyId&limit: newest first, never more than 50. */
export const notificationHistoryQuery = schema(() => z.extend(notificationCompanyQuery, {
  limit: transformed(
    z._default(queryInteger('validation.invalid').check(z.minimum(1, { error: 'validation.invalid' })), NOTIFICATION_HISTORY_LIMIT),
    (value) => Math.min(value, NOTIFICATION_HISTORY_LIMIT),
  ),
}));
export type NotificationHistoryQuery = z.infer<typeof notificationHistoryQuery>;

/** POST /api/notifications/send (Envio Manual). */
/** Who a manual message goes to: everyone of the company, one role, or chosen members. */
export const MANUAL_AUDIENCES = ['everyone', 'role', 'members'] as const;
export type ManualAudience = (typeof MANUAL_AUDIENCES)[number];

export const sendNotificationBody = schema(() => z
  .object({
    companyId: notificationCompanyId,
    subject: optionalText(200),
    message: requiredText('notifications.messageRequired', 1000, 'many'),
    audience: z._default(z.enum(MANUAL_AUDIENCES, { error: 'validation.invalid' }), 'everyone'),
    role: z.optional(z.enum(ROLES, { error: 'notifications.roleRequired' })),
    memberIds: z.optional(z.array(id, { error: 'validation.invalid' }).check(z.maxLength(100, { error: 'validation.invalid' }))),
  })
  .check(z.superRefine((body, ctx) => {
    if (body.audience === 'role' && !body.role) ctx.addIssue({ code: 'custom', path: ['role'], message: 'notifications.roleRequired' });
    if (body.audience === 'members' && !body.memberIds?.length) ctx.addIssue({ code: 'custom', path: ['memberIds'], message: 'notifications.membersRequired' });
  })));
export type SendNotificationBody = z.infer<typeof sendNotificationBody>;

/** POST /api/notifications/test (Teste). */
export const testNotificationBody = schema(() => z.object({ companyId: notificationCompanyId }));
export type TestNotificationBody = z.infer<typeof testNotificationBody>;

/** POST /api/email/send-confirmation: a test confirmation e-mail to the address given. */
export const sendConfirmationEmailBody = schema(() => z.object({
  companyId: notificationCompanyId,
  email: email(),
}));
export type SendConfirmationEmailBody = z.infer<typeof sendConfirmationEmailBody>;

const optionalFormText = (max: number) =>
  transformed(z.nullish(z.string().check(z.trim(), z.maxLength(max, { error: 'validation.tooLong' }))), (value) => value || undefined);

/**
 * POST /api/email/test-connection: the SMTP form of the Email tab (local only, never stored). An
 * empty form tests the SES configuration the product sends with.
 */
export const emailConnectionBody = schema(() => z.object({
  companyId: z.optional(notificationCompanyId),
  smtpHost: optionalFormText(253),
  smtpPort: z._default(
    queryInteger('email.smtpPortInvalid').check(z.minimum(1, { error: 'email.smtpPortInvalid' }), z.maximum(65535, { error: 'email.smtpPortInvalid' })),
    587,
  ),
  smtpUser: optionalFormText(254),
  smtpPass: transformed(z.nullish(z.string().check(z.maxLength(1024, { error: 'validation.tooLong' }))), (value) => value || undefined),
  emailFrom: optionalFormText(254),
}));
export type EmailConnectionBody = z.infer<typeof emailConnectionBody>;

// ---------- Reservations, calendar sync, checklists, team invites ----------
/** Where a reservation came from: entered by hand (direct) or imported from a channel's iCal feed. */
export const INTEGRATION_SOURCES = ['direct', 'airbnb', 'vrbo', 'booking', 'ical', 'other'] as const;
export type IntegrationSource = (typeof INTEGRATION_SOURCES)[number];
/** The channel of an iCal feed (guessed from the URL's host when not given). */
export const FEED_SOURCES = ['airbnb', 'vrbo', 'booking', 'ical'] as const;
export type FeedSource = (typeof FEED_SOURCES)[number];
/**
 * Longest stay, in nights: three years (a long let, a year-round owner block). Nights are held in one
 * occupancy item per property and month, so a move writes at most 2 x 37 of them in one transaction.
 */
export const MAX_STAY_NIGHTS = 1096;

/** A day (YYYY-MM-DD: the company's check-in / check-out hour applies) or an ISO instant (kept as given). */
const stayDate = (requiredKey: string) =>
  z
    .string({ error: requiredKey })
    .check(
      z.trim(),
      z.minLength(1, { error: requiredKey }),
      z.refine((value) => isoDate.safeParse(value).success || isoDateTime.safeParse(value).success, { error: 'validation.date' }),
    );

const integrationSource = schema(() => transformed(z.nullish(z.enum(INTEGRATION_SOURCES, { error: 'validation.invalid' })), (value) => value ?? null));

/** POST /api/reservations. Check-out after check-in is checked by the service (time zone aware). */
export const reservationBody = schema(() => z.object({
  propertyId: requiredIdOf('task.propertyRequired'),
  guestName: requiredText('reservation.guestRequired'),
  checkinDate: stayDate('reservation.checkinRequired'),
  checkoutDate: stayDate('reservation.checkoutRequired'),
  integrationSource,
}));
export type ReservationBody = z.infer<typeof reservationBody>;

/** PUT /api/reservations/{id}: the fields to change. The property of a reservation does not change. */
export const reservationUpdateBody = schema(() => z.object({
  propertyId: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  guestName: z.optional(requiredText('reservation.guestRequired')),
  checkinDate: z.optional(stayDate('reservation.checkinRequired')),
  checkoutDate: z.optional(stayDate('reservation.checkoutRequired')),
  integrationSource: z.nullish(z.enum(INTEGRATION_SOURCES, { error: 'validation.invalid' })),
}));
export type ReservationUpdateBody = z.infer<typeof reservationUpdateBody>;

export const reservationCancelBody = schema(() => z.object({ reason: optionalText(500, 'many') }));
export type ReservationCancelBody = z.infer<typeof reservationCancelBody>;

/** GET /api/properties/{id}/calendar?month=YYYY-MM */
export const calendarMonthQuery = schema(() => z.object({
  month: z.string({ error: 'calendar.monthInvalid' }).check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'calendar.monthInvalid' }), recordYears()),
}));
export type CalendarMonthQuery = z.infer<typeof calendarMonthQuery>;

/** webcal:// and webcals:// (what iCloud, Outlook.com and many "subscribe" buttons hand out) are https. */
const webcalAsHttps = (value: string) => value.replace(/^webcals?:\/\//i, 'https://');

const feedUrl = schema(() => z
  .pipe(
    z.pipe(
      z.string({ error: 'calendar.feedUrlInvalid' }).check(z.trim(), z.maxLength(2048, { error: 'calendar.feedUrlInvalid' })),
      z.transform(webcalAsHttps),
    ),
    z.url({ protocol: /^https?$/, error: 'calendar.feedUrlInvalid' }),
  )
  .check(
    z.refine(
      (value) => {
        try {
          const url = new URL(value);
          return !url.username && !url.password;
        } catch {
          return false;
        }
      },
      { error: 'calendar.feedUrlInvalid' },
    ),
  ));

/** POST /api/properties/{id}/feeds */
export const calendarFeedBody = schema(() => z.object({
  url: feedUrl,
  name: optionalText(100),
  source: z.nullish(z.enum(FEED_SOURCES, { error: 'validation.invalid' })),
  enabled: z._default(z.boolean({ error: 'validation.invalid' }), true),
}));
export type CalendarFeedBody = z.infer<typeof calendarFeedBody>;

/** PUT /api/properties/{id}/feeds/{feedId}: the fields to change. */
export const calendarFeedUpdateBody = schema(() => z.object({
  url: z.optional(feedUrl),
  name: optionalText(100),
  source: z.nullish(z.enum(FEED_SOURCES, { error: 'validation.invalid' })),
  enabled: z.optional(z.boolean({ error: 'validation.invalid' })),
}));
export type CalendarFeedUpdateBody = z.infer<typeof calendarFeedUpdateBody>;

export const MAX_CHECKLIST_ITEMS = 50;

const checklistItemInput = schema(() => z.object({
  /** Keep an item's id when editing a template; new items get one. */
  id: z.optional(z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'validation.invalid' }))),
  description: requiredText('checklist.descriptionRequired', 300),
  required: z._default(z.boolean({ error: 'validation.invalid' }), false),
}));
const checklistItems = schema(() => z
  .array(checklistItemInput, { error: 'validation.invalid' })
  .check(
    z.maxLength(MAX_CHECKLIST_ITEMS, { error: 'checklist.tooManyItems' }),
    z.superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, i) => {
        if (item.id && seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'validation.invalid' });
        if (item.id) seen.add(item.id);
      });
    }),
  ));

/** PUT /api/properties/{id}/checklist-template: the whole list, in order. */
export const checklistTemplateBody = schema(() => z.object({ items: checklistItems }));
export type ChecklistTemplateBody = z.infer<typeof checklistTemplateBody>;

/** POST /api/tasks/{id}/checklist: the property's template, or the items given; `replace` swaps an existing one. */
export const attachChecklistBody = schema(() => z.object({
  items: z.optional(checklistItems),
  replace: z._default(z.boolean({ error: 'validation.invalid' }), false),
}));
export type AttachChecklistBody = z.infer<typeof attachChecklistBody>;

export const checklistItemBody = schema(() => z.object({ isCompleted: z.boolean({ error: 'validation.required' }) }));
export type ChecklistItemBody = z.infer<typeof checklistItemBody>;

export const CHECKLIST_PHOTO_KINDS = ['before', 'after'] as const;
export const checklistPhotoBody = schema(() => z.object({
  kind: z.enum(CHECKLIST_PHOTO_KINDS, { error: 'checklist.photoKindRequired' }),
  photoURL: photoUrl,
  /**
   * The key of the photo the screen showed in that slot (null: none). When given and someone else
   * changed the slot meanwhile, the answer is 409 with the item as it is now; absent: the new photo wins.
   */
  replaces: z.nullish(z.string().check(z.maxLength(1024))),
}));
export type ChecklistPhotoBody = z.infer<typeof checklistPhotoBody>;

/** POST /api/team/invites */
export const inviteMemberBody = schema(() => z.object({
  email: email(),
  firstName: requiredText('team.firstNameRequired', 100),
  lastName: requiredText('team.lastNameRequired', 100),
  role: z.enum(ROLES, { error: 'team.roleRequired' }),
}));
export type InviteMemberBody = z.infer<typeof inviteMemberBody>;

export const memberRoleBody = schema(() => z.object({ role: z.enum(ROLES, { error: 'team.roleRequired' }) }));
export type MemberRoleBody = z.infer<typeof memberRoleBody>;

/** The most a shift start may be late and still count as present (team settings). */
export const MAX_SHIFT_LATE_AFTER_MINUTES = 120;

/** Bounds of a task type's planned duration in minutes (dispatch board, company settings). */
export const MIN_TASK_DURATION_MINUTES = 5;
export const MAX_TASK_DURATION_MINUTES = 24 * 60;
const taskDurationMinutes = schema(() => z.int({ error: 'settings.durationInvalid' }).check(
  z.minimum(MIN_TASK_DURATION_MINUTES, { error: 'settings.durationInvalid' }),
  z.maximum(MAX_TASK_DURATION_MINUTES, { error: 'settings.durationInvalid' }),
));

/**
 * PUT /api/companies/{id}/settings: the fields to change. Hours are local (company time zone).
 * Team settings: the minutes after a shift window opens within which a start counts as present, and
 * the member who gets every automatic turnover cleaning (null: unassigned).
 */
export const companySettingsBody = schema(() => z.object({
  autoTurnovers: z.optional(z.boolean({ error: 'validation.invalid' })),
  checkinHour: z.optional(hourOfDay),
  checkoutHour: z.optional(hourOfDay),
  shiftLateAfterMinutes: z.optional(
    z.int({ error: 'settings.lateAfterInvalid' }).check(
      z.minimum(0, { error: 'settings.lateAfterInvalid' }),
      z.maximum(MAX_SHIFT_LATE_AFTER_MINUTES, { error: 'settings.lateAfterInvalid' }),
    ),
  ),
  turnoverAssigneeId: z.optional(z.nullable(id)),
  /** Planned minutes per task type (dispatch board workload and warnings); all three when given. */
  taskDurations: z.optional(z.object({ cleaning: taskDurationMinutes, maintenance: taskDurationMinutes, laundry: taskDurationMinutes }, { error: 'settings.durationInvalid' })),
}));
export type CompanySettingsBody = z.infer<typeof companySettingsBody>;

/** GET /api/dispatch?week=YYYY-MM-DD: any date of the week (Monday start); absent: this week. */
export const dispatchQuery = schema(() => z.object({ week: z.optional(recordDate()) }));
export type DispatchQuery = z.infer<typeof dispatchQuery>;
