// Who hears of owner stays (issue 41 point 3), in the bell (functions/notifications/inbox.ts's
// feed): the office (CEO and managers; a scoped manager's bell hides another property's items) of
// a new request, the owner of the office's answer. Written by the event consumers
// (functions/handlers/notify-owner-stay-*.ts), once per event and recipient.
import type { EventDetail } from '../../events/catalogue';
import { getCompany } from '#functions/data/repositories/companies';
import { addInboxItems } from '#functions/data/repositories/inbox';
import { getProperty } from '#functions/data/repositories/properties';
import { getUser, listUsers } from '#functions/data/repositories/users';
import { isManagerRole } from '#shared/enums';

/** The CEO and managers of the company, but not `except` (as the office's other bell items: notifications/inbox.ts). */
async function officeRecipients(companyId: string, except: string): Promise<string[]> {
  return (await listUsers(companyId)).filter((user) => isManagerRole(user.role) && user.id !== except).map((user) => user.id);
}

type StayDetail = EventDetail<'owner_stay.requested'> | EventDetail<'owner_stay.decided'>;

async function placeOf(detail: StayDetail) {
  const [company, property] = await Promise.all([getCompany(detail.companyId), getProperty(detail.companyId, detail.propertyId)]);
  return { property: property?.name ?? detail.propertyId, propertyId: detail.propertyId, timeZone: company?.timezone ?? 'America/New_York' };
}

/** The nights, as the item's title: "2026-04-10 – 2026-04-14" (the bell shows it as written). */
const nights = (detail: StayDetail) => `${detail.checkinDate} – ${detail.checkoutDate}`;

export async function inboxOwnerStayRequested(detail: EventDetail<'owner_stay.requested'>, eventId: string): Promise<void> {
  const [where, owner, recipients] = await Promise.all([
    placeOf(detail),
    getUser(detail.companyId, detail.ownerUserId),
    officeRecipients(detail.companyId, detail.ownerUserId),
  ]);
  if (!recipients.length) return;
  const actor = owner ? [owner.firstName, owner.lastName].filter(Boolean).join(' ').trim() || owner.email : null;
  await addInboxItems(detail.companyId, recipients, { kind: 'owner_stay_requested', title: nights(detail), ...where, actor, detail: detail.note }, { eventId, occurredAt: detail.occurredAt });
}

export async function inboxOwnerStayDecided(detail: EventDetail<'owner_stay.decided'>, eventId: string): Promise<void> {
  const where = await placeOf(detail);
  await addInboxItems(
    detail.companyId,
    [detail.ownerUserId],
    { kind: detail.accepted ? 'owner_stay_accepted' : 'owner_stay_declined', title: nights(detail), ...where, reservationId: detail.blockId, detail: detail.note },
    { eventId, occurredAt: detail.occurredAt },
  );
}
