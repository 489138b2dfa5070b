// Delivering one notification to people: e-mail to their account address and SMS to their
// preference's phone number, each only when its switch is on; every attempt written to the
// history as sent or failed (with the error). Event notifications go to the company's CEOs whose
// switch for that kind of event is on (the defaults of SPEC point 3 apply until they save), at most
// ALERTS_PER_CATEGORY_PER_HOUR of one kind per company and hour (a burst, e.g. a calendar that moves
// every booking at once, must not flood anyone's phone).
import type { User } from '#shared/schemas';
import { mailer as sesMailer, type Mailer } from '#functions/mail/mailer';
import { keys } from '#functions/data/keys';
import { listUsers } from '#functions/data/repositories/users';
import {
  claimOnce,
  getPreferences,
  recordNotification,
  releaseClaim,
  takeAlertQuota,
  type NotificationPreferencesView,
  type PreferenceSwitch,
} from '#functions/data/repositories/notifications';
import { logger } from '#functions/lib/logger';
import { countMetric, METRIC } from '#functions/lib/metrics';
import { smsSender, type SmsSender } from './sms';
import type { NotificationContent } from './templates';

export interface Channels {
  sms: SmsSender;
  mail: Mailer;
}

/** The adapters: SMS through its port (SNS, or the stand-in local/ports.ts configures), e-mail through SES (its endpoint). */
export const defaultChannels: Channels = { sms: smsSender, mail: sesMailer };

export type NotificationChannel = 'sms' | 'email';

export type NotificationCategory =
  | 'task_assigned'
  | 'task_completed'
  | 'property_issue'
  | 'reservation_reminder'
  | 'reservation_created'
  | 'reservation_changed'
  | 'reservation_cancelled'
  | 'calendar_sync_failed'
  | 'booking_missing'
  | 'double_booking'
  | 'member_joined'
  | 'member_role_changed'
  | 'member_removed'
  /** A member told of their own work: a task assigned, taken off them, moved or cancelled; the evening digest. */
  | 'task_notice'
  | 'task_digest'
  /** Issue 40: an inspection waiting for someone (no inspector); a property not ready before a check-in. */
  | 'inspection_requested'
  | 'property_not_ready'
  /** Issue 41 point 4: a repair waiting for the owner's approval (to the owner); the owner's decision (to the office). */
  | 'owner_approval'
  /** Issue 41 point 3: an owner stay asked for (to the office); the office's answer (to the owner). */
  | 'owner_stay'
  | 'manual'
  | 'test'
  | 'email_test';

export interface Recipient {
  userId: string;
  email: string;
  preferences: NotificationPreferencesView;
}

export interface Delivery {
  channel: NotificationChannel;
  recipient: string;
  status: 'sent' | 'failed';
  errorMessage: string | null;
  historyId: string;
}

export interface DeliverOptions {
  category: NotificationCategory;
  channels: readonly NotificationChannel[];
  /** The domain event behind it: each channel is sent at most once per event and recipient. */
  eventId?: string;
  now?: () => Date;
}

const DELIVERY_CLAIM_DAYS = 7;
const MAX_ERROR_LENGTH = 500;

export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message || error.name : String(error);
  return message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH - 1)}…` : message;
}

/** The address of a channel for this recipient, or undefined when the channel is off for them. */
function addressFor(channel: NotificationChannel, recipient: Recipient): string | undefined {
  const prefs = recipient.preferences;
  if (channel === 'email') return prefs.emailEnabled ? recipient.email : undefined;
  return prefs.smsEnabled && prefs.phoneNumber ? prefs.phoneNumber : undefined;
}

/** Sends `content` to one recipient on the requested channels their preferences allow. Never throws for a failed send. */
export async function deliver(
  companyId: string,
  recipient: Recipient,
  content: NotificationContent,
  options: DeliverOptions,
  channels: Channels = defaultChannels,
): Promise<Delivery[]> {
  const now = options.now ?? (() => new Date());
  const deliveries: Delivery[] = [];
  for (const channel of options.channels) {
    const to = addressFor(channel, recipient);
    if (!to) continue;
    if (options.eventId) {
      const expires = new Date(now().getTime() + DELIVERY_CLAIM_DAYS * 86_400_000);
      const first = await claimOnce(keys.notificationDelivery(companyId, options.eventId, recipient.userId, channel), expires);
      if (!first) {
        logger.info('Notification already sent for this event; skipped', { eventId: options.eventId, channel, userId: recipient.userId });
        continue;
      }
    }
    let errorMessage: string | null = null;
    try {
      if (channel === 'email') await channels.mail.send({ to, subject: content.subject, text: content.text });
      else await channels.sms.send({ to, message: content.sms });
    } catch (error) {
      errorMessage = errorText(error);
      logger.warn('Notification send failed', { channel, category: options.category, companyId, error: error as Error });
    }
    const sentAt = now();
    const entry = await recordNotification(
      {
        userId: recipient.userId,
        companyId,
        type: channel,
        category: options.category,
        recipient: to,
        subject: content.subject,
        message: channel === 'email' ? content.text : content.sms,
        status: errorMessage ? 'failed' : 'sent',
        errorMessage,
        sentAt: errorMessage ? null : sentAt.toISOString(),
      },
      sentAt,
    );
    deliveries.push({ channel, recipient: to, status: errorMessage ? 'failed' : 'sent', errorMessage, historyId: entry.id });
    countMetric(errorMessage ? METRIC.notificationsFailed : METRIC.notificationsSent, 1, { channel });
  }
  return deliveries;
}

/** The company's CEOs with their preferences (stored, or the defaults). A team is bounded by the plan. */
export async function ceoRecipients(companyId: string): Promise<Recipient[]> {
  const users = await listUsers(companyId);
  const ceos = users.filter((user: User) => user.role === 'ceo');
  return Promise.all(
    ceos.map(async (ceo) => ({ userId: ceo.id, email: ceo.email, preferences: await getPreferences(companyId, ceo.id) })),
  );
}

export interface EventNotification {
  companyId: string;
  category: NotificationCategory;
  /** The preference switch that must be on for a CEO to hear about it. */
  preference: Exclude<PreferenceSwitch, 'emailEnabled' | 'smsEnabled'>;
  eventId: string;
  /** The texts in a recipient's notification language. */
  compose: (language: Recipient['preferences']['language']) => NotificationContent;
}

/** Event alerts of one category a company receives per UTC hour at most; the rest are logged and dropped. */
export const ALERTS_PER_CATEGORY_PER_HOUR = 20;

/**
 * Counts the event against its category's hourly allowance, once per event: a redelivery (an
 * EventBridge retry finishing an interrupted send) neither counts again nor is refused.
 */
async function withinRateLimit(notification: EventNotification): Promise<boolean> {
  const marker = keys.alertCounted(notification.companyId, notification.eventId);
  if (!(await claimOnce(marker, new Date(Date.now() + DELIVERY_CLAIM_DAYS * 86_400_000)))) return true;
  if (await takeAlertQuota(notification.companyId, notification.category, ALERTS_PER_CATEGORY_PER_HOUR)) return true;
  await releaseClaim(marker);
  logger.warn('Alert rate limit reached: notification not sent', {
    companyId: notification.companyId,
    category: notification.category,
    eventId: notification.eventId,
    limitPerHour: ALERTS_PER_CATEGORY_PER_HOUR,
  });
  return false;
}

/**
 * Sends an event's notification to every CEO of the company whose switch for it is on, by e-mail and
 * SMS, within the category's hourly rate limit.
 */
export async function notifyCeos(notification: EventNotification, channels: Channels = defaultChannels): Promise<Delivery[]> {
  const recipients = (await ceoRecipients(notification.companyId)).filter((r) => r.preferences[notification.preference]);
  if (recipients.length === 0) return [];
  if (!(await withinRateLimit(notification))) return [];
  const deliveries: Delivery[] = [];
  for (const recipient of recipients) {
    const content = notification.compose(recipient.preferences.language);
    deliveries.push(
      ...(await deliver(notification.companyId, recipient, content, {
        category: notification.category,
        channels: ['email', 'sms'],
        eventId: notification.eventId,
      }, channels)),
    );
  }
  return deliveries;
}
