// A double booking is an emergency: the CEO and every manager hear of it at once, by e-mail and by
// SMS where their own preferences have it, in their language, naming the property, the nights and
// both sources. Not subject to the per-category switches or the hourly cap (there is no "off" for
// a guest without a bed); sent once per event and recipient like every event notification.
import type { NotificationLanguage } from '#shared/enums';
import type { EventDetail } from '../../events/catalogue';
import { getCompany } from '#functions/data/repositories/companies';
import { getMemberPreferences } from '#functions/data/repositories/member-preferences';
import { getReservations, isCancelled, listOpenConflicts, type StoredReservation } from '#functions/data/repositories/reservations';
import { memberRecipient } from './assignee-notifications';
import { context } from './event-notifications';
import { propertyUrl } from './member-texts';
import { officeUsers } from './office';
import { defaultChannels, deliver, type Channels, type Delivery, type Recipient } from './notifier';
import { eventContent, formatCalendarDayFor, sourceName, text } from './templates';

/** The CEO and the managers who see the property (office.ts), each with their own channels and language (as for the notices of their work). */
async function managerRecipients(companyId: string, propertyId: string): Promise<Recipient[]> {
  const [users, company] = await Promise.all([officeUsers(companyId, propertyId), getCompany(companyId)]);
  return Promise.all(
    users.map(async (user) => {
      const { member, stored } = await getMemberPreferences(companyId, user.id, company);
      return memberRecipient(user, member, stored);
    }),
  );
}

/**
 * Every other stay on the nights: the ones the new booking lies over, and, when those nights were
 * double-booked already (a third booking or later), the stays of that double booking too.
 */
export async function staysOverTheSameNights(detail: Pick<EventDetail<'reservation.double_booked'>, 'companyId' | 'reservationId' | 'conflictWith'>): Promise<StoredReservation[]> {
  const direct = await getReservations(detail.companyId, detail.conflictWith);
  const named = new Set([detail.reservationId, ...detail.conflictWith]);
  const group = new Set<string>();
  for (const other of direct) for (const id of other.conflictWith ?? []) if (!named.has(id)) group.add(id);
  for (const entry of await listOpenConflicts(detail.companyId)) {
    if (!named.has(entry.reservationId) && entry.conflictWith.some((id) => named.has(id))) group.add(entry.reservationId);
  }
  const more = group.size ? await getReservations(detail.companyId, [...group]) : [];
  return [...direct, ...more].filter((other) => !isCancelled(other));
}

export async function notifyDoubleBooking(
  detail: EventDetail<'reservation.double_booked'>,
  eventId: string,
  channels: Channels = defaultChannels,
): Promise<Delivery[]> {
  const [{ property }, others, recipients] = await Promise.all([
    context(detail.companyId, detail.propertyId),
    staysOverTheSameNights(detail),
    managerRecipients(detail.companyId, detail.propertyId),
  ]);
  const deliveries: Delivery[] = [];
  for (const recipient of recipients) {
    const language: NotificationLanguage = recipient.preferences.language;
    const params = {
      property,
      guest: detail.guestName,
      source: sourceName(detail.source, language),
      others: others.length
        ? others.map((other) => `${other.guestName} (${sourceName(other.integrationSource ?? 'direct', language)})`).join(', ')
        : text('someone', language),
      checkin: formatCalendarDayFor(detail.checkinDay, language),
      checkout: formatCalendarDayFor(detail.checkoutDay, language),
      url: propertyUrl(detail.propertyId),
    };
    const content = eventContent(text('doubleBooking.subject', language, params), text('doubleBooking.body', language, params), language);
    deliveries.push(...(await deliver(detail.companyId, recipient, content, { category: 'double_booking', channels: ['email', 'sms'], eventId }, channels)));
  }
  return deliveries;
}
