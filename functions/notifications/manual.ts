// The CEO's own sends from the Notifications screen: Envio Manual (a message to the recipients the
// CEO picks: everyone, one role, or chosen members; each by their own channels and language), Teste (an SMS to the caller's phone) and the
// test confirmation e-mail (to any address). Each is written to the history and counted in an
// hourly per-company quota, so the screen cannot be used to pump SMS or mail.
import type { UiLanguage } from '#shared/enums';
import { translateMessage } from '#shared/messages';
import type { SendNotificationBody } from '#shared/schemas';
import { getCompany } from '#functions/data/repositories/companies';
import { getPreferences, recordNotification, takeSendQuota } from '#functions/data/repositories/notifications';
import { getMemberPreferences } from '#functions/data/repositories/member-preferences';
import { getUser, listMembers } from '#functions/data/repositories/users';
import { isInvitationPending, type InvitedUser } from '#functions/data/invitations';
import { BadRequestError, TooManyRequestsError } from '#functions/lib/errors';
import type { Caller } from '#functions/lib/http';
import { hasChannel, memberRecipient } from './assignee-notifications';
import { defaultChannels, deliver, errorText, type Channels, type Delivery, type Recipient } from './notifier';
import { text, type NotificationContent } from './templates';

/** Manual, test and confirmation sends per company per UTC hour. */
export const MANUAL_SENDS_PER_HOUR = 20;

export interface SendResult {
  success: boolean;
  message: string;
  deliveries: Array<Pick<Delivery, 'channel' | 'recipient' | 'status' | 'errorMessage'>>;
}

/** Counts one send (or connection test) of the company in this hour; 429 past the limit. */
export async function takeQuota(companyId: string): Promise<void> {
  if (!(await takeSendQuota(companyId, MANUAL_SENDS_PER_HOUR))) {
    throw new TooManyRequestsError('notifications.rateLimited', 3600 - Math.floor((Date.now() / 1000) % 3600));
  }
}

function summary(deliveries: Delivery[], language: UiLanguage): SendResult {
  const failed = deliveries.find((delivery) => delivery.status === 'failed');
  const sent = deliveries.filter((delivery) => delivery.status === 'sent').map((delivery) => delivery.recipient);
  return {
    success: !failed && sent.length > 0,
    message: failed
      ? translateMessage('notifications.sendFailed', language, { error: failed.errorMessage ?? '' })
      : translateMessage('notifications.sent', language, { recipients: sent.join(', ') }),
    deliveries: deliveries.map(({ channel, recipient, status, errorMessage }) => ({ channel, recipient, status, errorMessage })),
  };
}

/**
 * The members a manual message goes to, each with their own channels and language (the same
 * preferences as the notices of their work). Chosen members must all be members of the caller's
 * company (else 400, nothing sent); pending invitations are not members yet.
 */
export async function manualRecipients(companyId: string, body: Pick<SendNotificationBody, 'audience' | 'role' | 'memberIds'>): Promise<Recipient[]> {
  const [company, users] = await Promise.all([getCompany(companyId), listMembers(companyId) as Promise<InvitedUser[]>]);
  const members = users.filter((user) => !isInvitationPending(user));
  let chosen = members;
  if (body.audience === 'role') chosen = members.filter((user) => user.role === body.role);
  if (body.audience === 'members') {
    const byId = new Map(members.map((user) => [user.id, user]));
    const ids = [...new Set(body.memberIds ?? [])];
    if (!ids.length || ids.some((id) => !byId.has(id))) throw new BadRequestError('error.badRequest', { memberIds: 'notifications.unknownMember' });
    chosen = ids.map((id) => byId.get(id)!);
  }
  const recipients = await Promise.all(
    chosen.map(async (user) => {
      const { member, stored } = await getMemberPreferences(companyId, user.id, company);
      return hasChannel(member) ? memberRecipient(user, member, stored) : undefined;
    }),
  );
  return recipients.filter((recipient): recipient is Recipient => recipient !== undefined);
}

export async function sendManualNotification(
  caller: Caller,
  body: SendNotificationBody,
  language: UiLanguage,
  channels: Channels = defaultChannels,
): Promise<SendResult> {
  const recipients = await manualRecipients(caller.companyId, body);
  if (!recipients.length) throw new BadRequestError(body.audience === 'everyone' || !body.audience ? 'notifications.noChannel' : 'notifications.noRecipients');
  await takeQuota(caller.companyId);
  const subject = body.subject?.trim() || undefined;
  const deliveries: Delivery[] = [];
  for (const recipient of recipients) {
    const content: NotificationContent = {
      subject: subject ?? text('manual.subject', recipient.preferences.language),
      text: body.message,
      sms: `RentalOps: ${subject ? `${subject} - ` : ''}${body.message}`,
    };
    deliveries.push(...(await deliver(caller.companyId, recipient, content, { category: 'manual', channels: ['sms', 'email'] }, channels)));
  }
  return summary(deliveries, language);
}

export async function sendTestSms(caller: Caller, language: UiLanguage, channels: Channels = defaultChannels): Promise<SendResult> {
  const preferences = await getPreferences(caller.companyId, caller.userId);
  if (!preferences.smsEnabled || !preferences.phoneNumber) throw new BadRequestError('notifications.smsNotConfigured');
  await takeQuota(caller.companyId);
  const body = text('test.body', preferences.language);
  const deliveries = await deliver(
    caller.companyId,
    { userId: caller.userId, email: caller.email, preferences },
    { subject: text('test.subject', preferences.language), text: body, sms: `RentalOps: ${body}` },
    { category: 'test', channels: ['sms'] },
    channels,
  );
  const result = summary(deliveries, language);
  return result.success ? { ...result, message: translateMessage('notifications.testSent', language, { phone: preferences.phoneNumber }) } : result;
}

export async function sendConfirmationTest(
  caller: Caller,
  to: string,
  language: UiLanguage,
  channels: Channels = defaultChannels,
): Promise<SendResult> {
  await takeQuota(caller.companyId);
  const [preferences, company, user] = await Promise.all([
    getPreferences(caller.companyId, caller.userId),
    getCompany(caller.companyId),
    getUser(caller.companyId, caller.userId),
  ]);
  const lang = preferences.language;
  const who = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || caller.email;
  const subject = text('confirmation.subject', lang);
  const body = text('confirmation.body', lang, { who, company: company?.name ?? '' });
  let errorMessage: string | null = null;
  try {
    await channels.mail.send({ to, subject, text: body });
  } catch (error) {
    errorMessage = errorText(error);
  }
  const now = new Date();
  await recordNotification(
    {
      userId: caller.userId,
      companyId: caller.companyId,
      type: 'email',
      category: 'email_test',
      recipient: to,
      subject,
      message: body,
      status: errorMessage ? 'failed' : 'sent',
      errorMessage,
      sentAt: errorMessage ? null : now.toISOString(),
    },
    now,
  );
  return errorMessage
    ? { success: false, message: translateMessage('notifications.sendFailed', language, { error: errorMessage }), deliveries: [{ channel: 'email', recipient: to, status: 'failed', errorMessage }] }
    : { success: true, message: translateMessage('email.confirmationSent', language, { email: to }), deliveries: [{ channel: 'email', recipient: to, status: 'sent', errorMessage: null }] };
}
