// Zod schemas for every entity of SPEC.md point 3 and every request body of point 7.
// Error messages are keys of shared/messages.ts.
import * as z from 'zod';
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
} from './enums';
import { BILLING_CYCLES } from './plans';
import { SHIFTS } from './rules';
import { MAX_REPORT_DAYS, REPORT_RANGES, daysInRange } from './rules';

/**
 * Builds a schema lazily enough for bundlers: building a zod schema has no side effect, and saying
 * so lets esbuild (functions) and Rollup (frontend) drop every schema a bundle does not use, so a
 * Lambda function builds the few schemas it validates with at start-up, not all of them.
 */
const schema = /* @__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();

const id = schema(() => z.string().min(1).max(64));
const timestamp = schema(() => z.string());
const requiredText = (key: string, max = 200) =>
  z.string({ error: key }).trim().min(1, { error: key }).max(max, { error: 'validation.tooLong' });
const optionalText = (max = 2000) => z.string().trim().max(max, { error: 'validation.tooLong' }).nullish();
const email = (key = 'validation.email') =>
  z.string({ error: key }).trim().toLowerCase().pipe(z.email({ error: key }).max(254, { error: key }));
/** ISO-8601 timestamp (with offset or Z). */
const isoDateTime = schema(() => z.iso.datetime({ offset: true, error: 'validation.date' }));
/** Calendar date YYYY-MM-DD. */
export const isoDate = schema(() => z.iso.date({ error: 'validation.date' }));

// ---------- Entities ----------
export const companySchema = schema(() => z.object({
  id,
  name: z.string(),
  plan: z.enum(PLANS).default('trial'),
  paymentStatus: z.enum(PAYMENT_STATUSES).default('pending'),
  trialEndsAt: timestamp.nullish(),
  address: z.string().nullish(),
  phone: z.string().nullish(),
  email: z.string().nullish(),
  website: z.string().nullish(),
  logoUrl: z.string().nullish(),
  description: z.string().nullish(),
  responsibleName: z.string().nullish(),
  responsibleEmail: z.string().nullish(),
  ein: z.string().nullish(),
  paymentMethod: z.enum(PAYMENT_METHODS).nullish(),
  preferredLanguage: z.enum(PREFERRED_LANGUAGES).default('portuguese'),
  timezone: z.enum(TIME_ZONES).default('America/New_York'),
  twoFactorEnabled: z.boolean().default(false),
  /** A plan chosen on the sign-up screen before the company existed: a pending plan-change request. */
  requestedPlan: z.enum(PLANS).nullish(),
  requestedPlanAt: timestamp.nullish(),
  createdAt: timestamp,
  updatedAt: timestamp,
}));
export type Company = z.infer<typeof companySchema>;

export const userSchema = schema(() => z.object({
  id,
  email: z.string(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  profileImageUrl: z.string().nullish(),
  emailVerified: timestamp.nullish(),
  authProvider: z.string().default('cognito'),
  role: z.enum(ROLES).default('staff'),
  companyId: id,
  completedTasks: z.number().int().default(0),
  createdAt: timestamp,
  updatedAt: timestamp,
}));
export type User = z.infer<typeof userSchema>;

export const propertySchema = schema(() => z.object({
  id,
  name: z.string(),
  address: z.string(),
  companyId: id,
  createdAt: timestamp,
  updatedAt: timestamp,
}));
export type Property = z.infer<typeof propertySchema>;

export const reservationSchema = schema(() => z.object({
  id,
  propertyId: id,
  guestName: z.string(),
  checkinDate: timestamp,
  checkoutDate: timestamp,
  integrationSource: z.string().nullish(),
  /** Absent on reservations written before reservations could be cancelled: confirmed. */
  status: z.enum(['confirmed', 'cancelled']).optional(),
  /** The stay as calendar days (company time zone): nights from checkinDay up to checkoutDay. */
  checkinDay: z.string().optional(),
  checkoutDay: z.string().optional(),
  /** Imported from an iCal feed: the feed, and whether the event is still in it. */
  feedId: id.nullish(),
  syncStatus: z.enum(['ok', 'missing_from_feed', 'kept']).nullish(),
  missingSince: timestamp.nullish(),
  /** The automatic turnover cleaning task of this stay. */
  turnoverTaskId: id.nullish(),
  cancelledAt: timestamp.nullish(),
  cancelReason: z.string().nullish(),
  createdAt: timestamp,
  updatedAt: timestamp,
}));
export type Reservation = z.infer<typeof reservationSchema>;

export const taskSchema = schema(() => z.object({
  id,
  type: z.enum(TASK_TYPES),
  title: z.string(),
  description: z.string().nullish(),
  propertyId: id,
  reservationId: id.nullish(),
  assignedUserId: id.nullish(),
  status: z.enum(TASK_STATUSES).default('pending'),
  dueDate: timestamp.nullish(),
  completedAt: timestamp.nullish(),
  /** The task's checklist (functions/checklists), and how many of its required items are still open. */
  checklistId: id.nullish(),
  openRequiredItems: z.number().int().optional(),
  createdAt: timestamp,
  updatedAt: timestamp,
}));
export type Task = z.infer<typeof taskSchema>;

export const checklistSchema = schema(() => z.object({
  id,
  taskId: id,
  status: z.enum(TASK_STATUSES).default('pending'),
  notes: z.string().nullish(),
  createdAt: timestamp,
  updatedAt: timestamp,
}));
export type Checklist = z.infer<typeof checklistSchema>;

export const checklistItemSchema = schema(() => z.object({
  id,
  checklistId: id,
  description: z.string(),
  isCompleted: z.boolean().default(false),
  photoBeforeUrl: z.string().nullish(),
  photoAfterUrl: z.string().nullish(),
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
  status: z.enum(PAYMENT_STATUSES).default('pending'),
  /** The amount in integer cents (exact sums); `amount` is its decimal(10,2) text. */
  amountCents: z.number().int().optional(),
  /** Optional client and description, and the property the invoice is for. */
  client: z.string().nullish(),
  description: z.string().nullish(),
  propertyId: id.nullish(),
  propertyName: z.string().nullish(),
  /** When it was marked paid; revenue counts in that (UTC) month. */
  paidAt: timestamp.nullish(),
  createdAt: timestamp,
  updatedAt: timestamp,
}));
export type Invoice = z.infer<typeof invoiceSchema>;

export const notificationPreferencesSchema = schema(() => z.object({
  id,
  userId: id,
  companyId: id,
  emailEnabled: z.boolean().default(true),
  smsEnabled: z.boolean().default(true),
  taskAssigned: z.boolean().default(true),
  taskCompleted: z.boolean().default(true),
  propertyIssues: z.boolean().default(true),
  reservationReminders: z.boolean().default(true),
  /** New, re-dated and cancelled reservations (not in SPEC's four switches: the team-and-reservations issue added it). */
  reservationChanges: z.boolean().default(true),
  /** A calendar feed fails to import, or a booking vanishes from its feed. */
  calendarSync: z.boolean().default(true),
  /** Someone joins the team, changes role or is removed. */
  teamChanges: z.boolean().default(true),
  phoneNumber: z.string().nullish(),
  language: z.enum(NOTIFICATION_LANGUAGES).default('pt'),
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
  subject: z.string().nullish(),
  message: z.string(),
  status: z.string().default('sent'),
  errorMessage: z.string().nullish(),
  sentAt: timestamp.nullish(),
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
  email: email('company.emailRequired'),
  phone: requiredText('company.phoneRequired', 40),
  address: requiredText('company.addressRequired', 500),
  responsibleName: requiredText('company.responsibleNameRequired'),
  responsibleEmail: email('company.responsibleEmailRequired'),
  ein: z
    .string()
    .trim()
    .regex(/^(\d{2}-\d{7})?$/, { error: 'validation.ein' })
    .nullish()
    .transform((value) => value || null),
  paymentMethod: z.enum(PAYMENT_METHODS).nullish(),
  preferredLanguage: z.enum(PREFERRED_LANGUAGES).default('portuguese'),
  timezone: z.enum(TIME_ZONES).default('America/New_York'),
  twoFactorEnabled: z.boolean().default(false),
}));
export type CompanyUpdateBody = z.infer<typeof companyUpdateBody>;

export const propertyBody = schema(() => z.object({
  name: requiredText('property.nameRequired'),
  address: requiredText('property.addressRequired', 500),
}));
export type PropertyBody = z.infer<typeof propertyBody>;

export const taskBody = schema(() => z.object({
  type: z.enum(TASK_TYPES, { error: 'task.typeRequired' }).default('cleaning'),
  title: requiredText('task.titleRequired'),
  description: optionalText(5000),
  propertyId: z.string({ error: 'task.propertyRequired' }).trim().min(1, { error: 'task.propertyRequired' }).max(64),
  assignedUserId: z
    .string()
    .max(64)
    .nullish()
    .transform((value) => value || null),
  status: z.enum(TASK_STATUSES).default('pending'),
  dueDate: isoDateTime.nullish().transform((value) => value ?? null),
  /**
   * Creation only: the task reports a problem at the property (e.g. a maintenance task for a
   * broken boiler), which notifies the CEO (property.issue_reported). Absent means false; it is
   * not stored on the task and updates ignore it.
   */
  issue: z.boolean({ error: 'validation.invalid' }).optional(),
}));
export type TaskBody = z.infer<typeof taskBody>;

export const registerBody = schema(() => z
  .object({
    email: z.string({ error: 'auth.allFieldsRequired' }).trim().min(1, { error: 'auth.allFieldsRequired' }).max(254, { error: 'validation.email' }),
    password: z.string({ error: 'auth.allFieldsRequired' }).min(1, { error: 'auth.allFieldsRequired' }).max(256, { error: 'validation.tooLong' }),
    confirmPassword: z.string().default(''),
    firstName: z.string({ error: 'auth.allFieldsRequired' }).trim().min(1, { error: 'auth.allFieldsRequired' }).max(100, { error: 'validation.tooLong' }),
    lastName: z.string({ error: 'auth.allFieldsRequired' }).trim().min(1, { error: 'auth.allFieldsRequired' }).max(100, { error: 'validation.tooLong' }),
  })
  .superRefine((body, ctx) => {
    if (body.password !== body.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'auth.passwordsDontMatch' });
    }
    if (body.password.length > 0 && body.password.length < 6) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'auth.passwordTooShort' });
    }
    if (body.email && !z.email().safeParse(body.email.toLowerCase()).success) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'validation.email' });
    }
  }));
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = schema(() => z.object({
  email: z.string({ error: 'auth.emailPasswordRequired' }).trim().toLowerCase().min(1, { error: 'auth.emailPasswordRequired' }).max(254),
  password: z.string({ error: 'auth.emailPasswordRequired' }).min(1, { error: 'auth.emailPasswordRequired' }).max(256),
}));
export type LoginBody = z.infer<typeof loginBody>;

/** SPEC point 5 reset rules, in the order SPEC lists their messages. */
export const newPassword = schema(() => z
  .string({ error: 'reset.minLength' })
  .min(8, { error: 'reset.minLength' })
  .max(256)
  .regex(/[a-z]/, { error: 'reset.lowercase' })
  .regex(/[A-Z]/, { error: 'reset.uppercase' })
  .regex(/\d/, { error: 'reset.digit' })
  .regex(/[@$!%*?&]/, { error: 'reset.special' }));

/** A one-time link token (e-mail confirmation, password reset); a missing one is an invalid link. */
const linkToken = schema(() => z.string({ error: 'auth.linkInvalid' }).trim().min(1, { error: 'auth.linkInvalid' }).max(512, { error: 'auth.linkInvalid' }));

export const resetPasswordBody = schema(() => z.object({
  token: linkToken,
  newPassword,
}));
export const resetPasswordForm = schema(() => z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'reset.mismatch',
  }));

export const tokenBody = schema(() => z.object({ token: linkToken }));
export const forgotPasswordBody = schema(() => z.object({ email: email() }));

/** Pagination query shared by every list. */
export const pageQuery = schema(() => z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(2048).optional(),
}));
export type PageQuery = z.infer<typeof pageQuery>;

export const taskListQuery = schema(() => pageQuery.extend({
  status: z.enum(TASK_STATUSES).optional(),
  type: z.enum(TASK_TYPES).optional(),
  propertyId: z.string().max(64).optional(),
}));
export type TaskListQuery = z.infer<typeof taskListQuery>;

export const reservationListQuery = schema(() => pageQuery.extend({
  propertyId: z.string({ error: 'task.propertyRequired' }).min(1, { error: 'task.propertyRequired' }).max(64),
  /** Only reservations checking in from this instant on. */
  from: isoDateTime.optional(),
}));
export type ReservationListQuery = z.infer<typeof reservationListQuery>;

export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', 'image/heif'] as const;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** POST /api/objects/upload: SPEC sends an empty body; the task and the file's type and size make the URL safe. */
export const uploadRequestBody = schema(() => z.object({
  taskId: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(64),
  contentType: z.enum(PHOTO_CONTENT_TYPES, { error: 'photos.notImage' }),
  size: z.number().int().min(1).max(MAX_PHOTO_BYTES, { error: 'photos.tooLarge' }).optional(),
}));
export type UploadRequestBody = z.infer<typeof uploadRequestBody>;

export const taskPhotoBody = schema(() => z.object({
  photoURL: z.url({ error: 'validation.invalid' }).max(4096),
  taskId: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(64),
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
  size: z.number({ error: 'validation.required' }).int().min(1, { error: 'logo.empty' }).max(MAX_LOGO_BYTES, { error: 'logo.tooLarge' }),
}));
export type LogoUploadBody = z.infer<typeof logoUploadBody>;

/** PUT /api/companies/{id}/logo: the uploaded object's URL (the presigned PUT without its query). */
export const companyLogoBody = schema(() => z.object({
  logoURL: z.url({ error: 'validation.invalid' }).max(4096),
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
  amountCents: z.number().int(),
  /** The day the expense was incurred, YYYY-MM-DD. */
  date: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  description: z.string().nullish(),
  createdAt: timestamp,
  updatedAt: timestamp,
}));
export type Expense = z.infer<typeof expenseSchema>;

/** decimal(10,2): more than 0, at most 8 integer digits and 2 decimals; a JSON number or a string. */
const moneyAmount = schema(() => z
  .union([z.string(), z.number()], { error: 'finance.amountInvalid' })
  .transform((value) => String(value).trim())
  .pipe(
    z
      .string()
      .regex(/^\d{1,8}(\.\d{1,2})?$/, { error: 'finance.amountInvalid' })
      .refine((value) => /[1-9]/.test(value), { error: 'finance.amountInvalid' }),
  ));

/** The stored status of an invoice; overdue is derived from the due date when read. */
export const INVOICE_SETTABLE_STATUSES = ['pending', 'paid'] as const;

export const invoiceBody = schema(() => z.object({
  amount: moneyAmount,
  dueDate: z.iso.date({ error: 'invoice.dueDateRequired' }),
  client: optionalText(200),
  description: optionalText(500),
  propertyId: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((value) => value || null),
  status: z.enum(INVOICE_SETTABLE_STATUSES).default('pending'),
}));
export type InvoiceBody = z.infer<typeof invoiceBody>;

export const invoiceStatusBody = schema(() => z.object({
  status: z.enum(INVOICE_SETTABLE_STATUSES, { error: 'validation.invalid' }),
}));
export type InvoiceStatusBody = z.infer<typeof invoiceStatusBody>;

export const expenseBody = schema(() => z.object({
  amount: moneyAmount,
  date: z.iso.date({ error: 'expense.dateRequired' }),
  category: z.enum(EXPENSE_CATEGORIES, { error: 'expense.categoryRequired' }),
  description: optionalText(500),
}));
export type ExpenseBody = z.infer<typeof expenseBody>;

export const TRANSACTION_KINDS = ['invoice', 'expense'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export const transactionListQuery = schema(() => pageQuery.extend({
  /** Case- and accent-insensitive text search over client, description, category, property and amount. */
  q: z.string().trim().max(100).optional(),
  kind: z.enum(TRANSACTION_KINDS).optional(),
}));
export type TransactionListQuery = z.infer<typeof transactionListQuery>;

export const REPORT_TYPES = ['all', 'tasks', 'properties', 'team', 'financial'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const EXPORT_FORMATS = ['xlsx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const reportQueryFields = schema(() => ({
  range: z.enum(REPORT_RANGES, { error: 'validation.invalid' }).default('this_month'),
  type: z.enum(REPORT_TYPES, { error: 'validation.invalid' }).default('all'),
  from: isoDate.optional(),
  to: isoDate.optional(),
}));

function checkCustomRange(query: { range: string; from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (query.range !== 'custom') return;
  if (!query.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'report.customRangeRequired' });
  if (!query.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'report.customRangeRequired' });
  if (!query.from || !query.to) return;
  if (query.to < query.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'report.rangeOrder' });
  else if (daysInRange({ from: query.from, to: query.to }) > MAX_REPORT_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'report.rangeTooLong' });
  }
}

export const reportQuery = schema(() => z.object(reportQueryFields).superRefine(checkCustomRange));
export type ReportQuery = z.infer<typeof reportQuery>;

export const reportExportQuery = schema(() => z
  .object({ ...reportQueryFields, format: z.enum(EXPORT_FORMATS, { error: 'validation.invalid' }) })
  .superRefine(checkCustomRange));
export type ReportExportQuery = z.infer<typeof reportExportQuery>;

// ---------- Plan-change requests (pricing screen) ----------
export const PLAN_REQUEST_STATUSES = ['pending', 'cancelled', 'superseded'] as const;

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
  requestedBy: id.nullish(),
  closedAt: timestamp.nullish(),
  closedBy: id.nullish(),
}));
export type PlanRequest = z.infer<typeof planRequestSchema>;

// ---------- Shifts (Turnos de Hoje) ----------
export const shiftParams = schema(() => z.object({
  date: isoDate,
  shift: z.enum(SHIFTS, { error: 'shift.unknown' }),
}));
export type ShiftParams = z.infer<typeof shiftParams>;

const memberIds = schema(() => z.array(id).max(100));

export const shiftAssignmentBody = schema(() => z
  .object({
    teams: z
      .array(
        z.object({
          name: requiredText('shift.teamNameRequired', 80),
          memberIds: memberIds.min(1, { error: 'shift.membersRequired' }),
        }),
        { error: 'shift.membersRequired' },
      )
      .max(10, { error: 'shift.tooManyTeams' }),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.teams.forEach((team, t) =>
      team.memberIds.forEach((memberId, m) => {
        if (seen.has(memberId)) ctx.addIssue({ code: 'custom', path: ['teams', t, 'memberIds', m], message: 'shift.duplicateMember' });
        seen.add(memberId);
      }),
    );
  }));
export type ShiftAssignmentBody = z.infer<typeof shiftAssignmentBody>;

/** Iniciar Turno: managers name the members who are there (all scheduled members when absent). */
export const shiftStartBody = schema(() => z.object({ memberIds: memberIds.optional() }));
export type ShiftStartBody = z.infer<typeof shiftStartBody>;

export const shiftTeamSchema = schema(() => z.object({ id, name: z.string(), memberIds: z.array(id) }));
export const shiftAttendanceSchema = schema(() => z.object({
  checkedInAt: timestamp,
  checkedInBy: id,
  checkedOutAt: timestamp.nullish(),
}));
export const shiftRecordSchema = schema(() => z.object({
  companyId: id,
  date: z.string(),
  shift: z.enum(SHIFTS),
  teams: z.array(shiftTeamSchema),
  /** Every scheduled member of every team (for conditions on check-in). */
  memberIds: z.array(id),
  attendance: z.record(z.string(), shiftAttendanceSchema),
  startedAt: timestamp.nullish(),
  startedBy: id.nullish(),
  endedAt: timestamp.nullish(),
  endedBy: id.nullish(),
  createdAt: timestamp,
  updatedAt: timestamp,
  updatedBy: id.nullish(),
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
  .trim()
  .min(1, { error: 'notifications.companyRequired' })
  .max(64, { error: 'notifications.companyRequired' }));

/**
 * A phone number in E.164. Spaces, dashes, dots and parentheses people type are dropped first
 * ("+55 (11) 99999-9999" is +5511999999999). Empty or null clears the number; absent leaves it.
 */
export const phoneNumberInput = schema(() => z
  .string({ error: 'validation.phoneE164' })
  .max(40, { error: 'validation.phoneE164' })
  .nullish()
  .transform((value) => (value == null ? value : value.replace(/[\s().-]/g, '')))
  .refine((value) => value == null || value === '' || E164_PATTERN.test(value), { error: 'validation.phoneE164' })
  .transform((value) => (value === '' ? null : value)));

const optionalSwitch = schema(() => z.boolean({ error: 'validation.invalid' }).optional());

/** PUT /api/notifications/preferences: the changed field(s), companyId, and userId for switches. */
export const notificationPreferencesBody = schema(() => z.object({
  companyId: notificationCompanyId,
  userId: id.optional(),
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
  language: z.enum(NOTIFICATION_LANGUAGES, { error: 'validation.invalid' }).optional(),
}));
export type NotificationPreferencesBody = z.infer<typeof notificationPreferencesBody>;

export const notificationCompanyQuery = schema(() => z.object({ companyId: notificationCompanyId }));
export type NotificationCompanyQuery = z.infer<typeof notificationCompanyQuery>;

/** GET /api/notifications/history?companyId&limit: newest first, never more than 50. */
export const notificationHistoryQuery = schema(() => notificationCompanyQuery.extend({
  limit: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' })
    .default(NOTIFICATION_HISTORY_LIMIT)
    .transform((value) => Math.min(value, NOTIFICATION_HISTORY_LIMIT)),
}));
export type NotificationHistoryQuery = z.infer<typeof notificationHistoryQuery>;

/** POST /api/notifications/send (Envio Manual). */
export const sendNotificationBody = schema(() => z.object({
  companyId: notificationCompanyId,
  subject: optionalText(200),
  message: requiredText('notifications.messageRequired', 1000),
}));
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
  z
    .string()
    .trim()
    .max(max, { error: 'validation.tooLong' })
    .nullish()
    .transform((value) => value || undefined);

/**
 * POST /api/email/test-connection: the SMTP form of the Email tab (local only, never stored). An
 * empty form tests the SES configuration the product sends with.
 */
export const emailConnectionBody = schema(() => z.object({
  companyId: notificationCompanyId.optional(),
  smtpHost: optionalFormText(253),
  smtpPort: z.coerce
    .number({ error: 'email.smtpPortInvalid' })
    .int({ error: 'email.smtpPortInvalid' })
    .min(1, { error: 'email.smtpPortInvalid' })
    .max(65535, { error: 'email.smtpPortInvalid' })
    .default(587),
  smtpUser: optionalFormText(254),
  smtpPass: z.string().max(1024, { error: 'validation.tooLong' }).nullish().transform((value) => value || undefined),
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
 * Longest stay, in nights. Every night is a claim item written in the reservation's transaction, and
 * moving a stay releases and claims nights in one transaction (at most 100 items in DynamoDB).
 */
export const MAX_STAY_NIGHTS = 45;

/** A day (YYYY-MM-DD: the company's check-in / check-out hour applies) or an ISO instant (kept as given). */
const stayDate = (requiredKey: string) =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .refine((value) => isoDate.safeParse(value).success || isoDateTime.safeParse(value).success, { error: 'validation.date' });

const integrationSource = schema(() => z
  .enum(INTEGRATION_SOURCES, { error: 'validation.invalid' })
  .nullish()
  .transform((value) => value ?? null));

/** POST /api/reservations. Check-out after check-in is checked by the service (time zone aware). */
export const reservationBody = schema(() => z.object({
  propertyId: z.string({ error: 'task.propertyRequired' }).trim().min(1, { error: 'task.propertyRequired' }).max(64),
  guestName: requiredText('reservation.guestRequired'),
  checkinDate: stayDate('reservation.checkinRequired'),
  checkoutDate: stayDate('reservation.checkoutRequired'),
  integrationSource,
}));
export type ReservationBody = z.infer<typeof reservationBody>;

/** PUT /api/reservations/{id}: the fields to change. The property of a reservation does not change. */
export const reservationUpdateBody = schema(() => z.object({
  propertyId: z.string().trim().max(64).optional(),
  guestName: requiredText('reservation.guestRequired').optional(),
  checkinDate: stayDate('reservation.checkinRequired').optional(),
  checkoutDate: stayDate('reservation.checkoutRequired').optional(),
  integrationSource: z.enum(INTEGRATION_SOURCES, { error: 'validation.invalid' }).nullish(),
}));
export type ReservationUpdateBody = z.infer<typeof reservationUpdateBody>;

export const reservationCancelBody = schema(() => z.object({ reason: optionalText(500) }));
export type ReservationCancelBody = z.infer<typeof reservationCancelBody>;

/** GET /api/properties/{id}/calendar?month=YYYY-MM */
export const calendarMonthQuery = schema(() => z.object({
  month: z.string({ error: 'calendar.monthInvalid' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'calendar.monthInvalid' }),
}));
export type CalendarMonthQuery = z.infer<typeof calendarMonthQuery>;

const feedUrl = schema(() => z
  .string({ error: 'calendar.feedUrlInvalid' })
  .trim()
  .max(2048, { error: 'calendar.feedUrlInvalid' })
  .pipe(z.url({ protocol: /^https?$/, error: 'calendar.feedUrlInvalid' }))
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { error: 'calendar.feedUrlInvalid' },
  ));

/** POST /api/properties/{id}/feeds */
export const calendarFeedBody = schema(() => z.object({
  url: feedUrl,
  name: optionalText(100),
  source: z.enum(FEED_SOURCES, { error: 'validation.invalid' }).nullish(),
  enabled: z.boolean({ error: 'validation.invalid' }).default(true),
}));
export type CalendarFeedBody = z.infer<typeof calendarFeedBody>;

/** PUT /api/properties/{id}/feeds/{feedId}: the fields to change. */
export const calendarFeedUpdateBody = schema(() => z.object({
  url: feedUrl.optional(),
  name: optionalText(100),
  source: z.enum(FEED_SOURCES, { error: 'validation.invalid' }).nullish(),
  enabled: z.boolean({ error: 'validation.invalid' }).optional(),
}));
export type CalendarFeedUpdateBody = z.infer<typeof calendarFeedUpdateBody>;

export const MAX_CHECKLIST_ITEMS = 50;

const checklistItemInput = schema(() => z.object({
  /** Keep an item's id when editing a template; new items get one. */
  id: z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'validation.invalid' }).optional(),
  description: requiredText('checklist.descriptionRequired', 300),
  required: z.boolean({ error: 'validation.invalid' }).default(false),
}));
const checklistItems = schema(() => z
  .array(checklistItemInput, { error: 'validation.invalid' })
  .max(MAX_CHECKLIST_ITEMS, { error: 'checklist.tooManyItems' })
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      if (item.id && seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'validation.invalid' });
      if (item.id) seen.add(item.id);
    });
  }));

/** PUT /api/properties/{id}/checklist-template: the whole list, in order. */
export const checklistTemplateBody = schema(() => z.object({ items: checklistItems }));
export type ChecklistTemplateBody = z.infer<typeof checklistTemplateBody>;

/** POST /api/tasks/{id}/checklist: the property's template, or the items given; `replace` swaps an existing one. */
export const attachChecklistBody = schema(() => z.object({
  items: checklistItems.optional(),
  replace: z.boolean({ error: 'validation.invalid' }).default(false),
}));
export type AttachChecklistBody = z.infer<typeof attachChecklistBody>;

export const checklistItemBody = schema(() => z.object({ isCompleted: z.boolean({ error: 'validation.required' }) }));
export type ChecklistItemBody = z.infer<typeof checklistItemBody>;

export const CHECKLIST_PHOTO_KINDS = ['before', 'after'] as const;
export const checklistPhotoBody = schema(() => z.object({
  kind: z.enum(CHECKLIST_PHOTO_KINDS, { error: 'checklist.photoKindRequired' }),
  photoURL: z.url({ error: 'validation.invalid' }).max(4096),
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

/** PUT /api/companies/{id}/settings: the fields to change. Hours are local (company time zone). */
export const companySettingsBody = schema(() => z.object({
  autoTurnovers: z.boolean({ error: 'validation.invalid' }).optional(),
  checkinHour: z.number({ error: 'settings.hourInvalid' }).int({ error: 'settings.hourInvalid' }).min(0, { error: 'settings.hourInvalid' }).max(23, { error: 'settings.hourInvalid' }).optional(),
  checkoutHour: z.number({ error: 'settings.hourInvalid' }).int({ error: 'settings.hourInvalid' }).min(0, { error: 'settings.hourInvalid' }).max(23, { error: 'settings.hourInvalid' }).optional(),
}));
export type CompanySettingsBody = z.infer<typeof companySettingsBody>;
