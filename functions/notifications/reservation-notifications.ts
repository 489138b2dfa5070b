// What the CEO hears about reservations and the calendar sync: a reservation created, re-dated or
// cancelled (switch reservationChanges), a feed that failed to import or a booking that vanished
// from its feed (switch calendarSync). Names the events only carry as ids (property, people) are
// read from the company's own partition; dates are shown in the company's time zone.
import type { NotificationLanguage } from '#shared/enums';
import { isMessageKey, translateMessage } from '#shared/messages';
import { SYNC_ACTOR_ID, type EventDetail } from '../../events/catalogue';
import { getUser } from '#functions/data/repositories/users';
import { context, personName } from './event-notifications';
import { defaultChannels, notifyCeos, type Channels, type Delivery } from './notifier';
import { eventContent, formatDate, sourceName, text, type TextKey } from './templates';

type ReservationDetail = EventDetail<'reservation.created'> | EventDetail<'reservation.updated'> | EventDetail<'reservation.cancelled'>;

/** The fields of reservation.updated whose change is news to the CEO: the stay's dates. */
const DATE_FIELDS = ['checkinDate', 'checkoutDate', 'checkinDay', 'checkoutDay'];

/** Who made the change, as a sentence ending the body ("Added by Rafael Souza."), or nothing. */
async function origin(
  detail: ReservationDetail,
  byUser: TextKey,
  bySync: TextKey | null,
): Promise<(language: NotificationLanguage) => string> {
  const actor = detail.actorUserId;
  if (!actor) return () => '';
  if (actor === SYNC_ACTOR_ID) {
    const source = 'integrationSource' in detail ? detail.integrationSource : null;
    return (language) => (bySync ? text(bySync, language, { source: sourceName(source, language) }) : '');
  }
  const user = await getUser(detail.companyId, actor);
  return (language) => text(byUser, language, { who: personName(user, language) });
}

function stay(detail: { checkinDate: string; checkoutDate: string }, language: NotificationLanguage, timeZone: string) {
  return { checkin: formatDate(detail.checkinDate, language, timeZone), checkout: formatDate(detail.checkoutDate, language, timeZone) };
}

export async function notifyReservationCreated(
  detail: EventDetail<'reservation.created'>,
  eventId: string,
  channels: Channels = defaultChannels,
): Promise<Delivery[]> {
  // A newly connected feed's first import loads bookings that already existed: not news.
  if (detail.initialImport) return [];
  const [{ timeZone, property }, by] = await Promise.all([
    context(detail.companyId, detail.propertyId),
    origin(detail, 'reservation.addedBy', 'reservation.imported'),
  ]);
  return notifyCeos(
    {
      companyId: detail.companyId,
      category: 'reservation_created',
      preference: 'reservationChanges',
      eventId,
      compose: (language) => {
        const params = { guest: detail.guestName, property, ...stay(detail, language, timeZone), origin: by(language) };
        return eventContent(text('reservationCreated.subject', language, params), text('reservationCreated.body', language, params), language);
      },
    },
    channels,
  );
}

export async function notifyReservationChanged(
  detail: EventDetail<'reservation.updated'>,
  eventId: string,
  channels: Channels = defaultChannels,
): Promise<Delivery[]> {
  // Only new dates are news (a renamed guest or a feed flag is not; a vanished booking has its own alert).
  if (!detail.changed.some((field) => DATE_FIELDS.includes(field))) return [];
  const [{ timeZone, property }, by] = await Promise.all([
    context(detail.companyId, detail.propertyId),
    origin(detail, 'reservation.changedBy', 'reservation.changedInFeed'),
  ]);
  return notifyCeos(
    {
      companyId: detail.companyId,
      category: 'reservation_changed',
      preference: 'reservationChanges',
      eventId,
      compose: (language) => {
        const params = { guest: detail.guestName, property, ...stay(detail, language, timeZone), origin: by(language) };
        return eventContent(text('reservationChanged.subject', language, params), text('reservationChanged.body', language, params), language);
      },
    },
    channels,
  );
}

export async function notifyReservationCancelled(
  detail: EventDetail<'reservation.cancelled'>,
  eventId: string,
  channels: Channels = defaultChannels,
): Promise<Delivery[]> {
  const [{ timeZone, property }, by] = await Promise.all([
    context(detail.companyId, detail.propertyId),
    origin(detail, 'reservation.cancelledBy', null),
  ]);
  const reason = detail.reason?.trim().replace(/[.!]+$/, '');
  return notifyCeos(
    {
      companyId: detail.companyId,
      category: 'reservation_cancelled',
      preference: 'reservationChanges',
      eventId,
      compose: (language) => {
        const params = {
          guest: detail.guestName,
          property,
          ...stay(detail, language, timeZone),
          origin: by(language),
          reason: reason ? text('reservation.reason', language, { reason }) : '',
        };
        return eventContent(text('reservationCancelled.subject', language, params), text('reservationCancelled.body', language, params), language);
      },
    },
    channels,
  );
}

export async function notifyBookingMissing(
  detail: EventDetail<'reservation.missing_from_feed'>,
  eventId: string,
  channels: Channels = defaultChannels,
): Promise<Delivery[]> {
  const { timeZone, property } = await context(detail.companyId, detail.propertyId);
  return notifyCeos(
    {
      companyId: detail.companyId,
      category: 'booking_missing',
      preference: 'calendarSync',
      eventId,
      compose: (language) => {
        const params = { guest: detail.guestName, property, source: sourceName(detail.source, language), ...stay(detail, language, timeZone) };
        return eventContent(text('bookingMissing.subject', language, params), text('bookingMissing.body', language, params), language);
      },
    },
    channels,
  );
}

/** The feed's error in the recipient's language (errorCode is a calendar.error.* message key). */
function feedError(detail: EventDetail<'calendar.feed_failed'>, language: NotificationLanguage): string {
  return isMessageKey(detail.errorCode) ? translateMessage(detail.errorCode, language, detail.errorParams) : detail.errorCode;
}

export async function notifyCalendarFeedFailed(
  detail: EventDetail<'calendar.feed_failed'>,
  eventId: string,
  channels: Channels = defaultChannels,
): Promise<Delivery[]> {
  const { property } = await context(detail.companyId, detail.propertyId);
  return notifyCeos(
    {
      companyId: detail.companyId,
      category: 'calendar_sync_failed',
      preference: 'calendarSync',
      eventId,
      compose: (language) => {
        const params = { property, source: sourceName(detail.source, language), error: feedError(detail, language) };
        return eventContent(text('calendarFailed.subject', language, params), text('calendarFailed.body', language, params), language);
      },
    },
    channels,
  );
}
