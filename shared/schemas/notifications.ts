// Notifications (CEO only; SPEC points 2, 3, 5, 7, 9): preferences, history, manual and test sends,
// the e-mail tab; each member's own notification preferences and in-app inbox.
import * as z from 'zod/mini';
import { MEMBER_ROLES, NOTIFICATION_LANGUAGES } from '../enums';
import { transformed, id, timestamp, requiredText, optionalText, email, queryInteger, hourOfDay } from './fields';

/** Builds a schema lazily enough for bundlers: fields.ts's `schema`, again here as esbuild honours the annotation only in its own module. */
const schema = /* @__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();

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
    role: z.optional(z.enum(MEMBER_ROLES, { error: 'notifications.roleRequired' })),
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
