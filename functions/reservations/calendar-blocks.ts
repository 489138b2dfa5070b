// Nights closed by hand from the portfolio calendar (POST /api/calendar/blocks): a block (repairs, a
// rest) or the owner's own stay. Written by the reservations service like any stay (its dates and
// length rules, its occupancy, no guest alerts, no turnover), after one check of its own: by hand,
// nights a guest's booking holds are taken (409 naming that stay), as they are for a direct booking.
import type { UiLanguage } from '#shared/enums';
import { translateMessage } from '#shared/messages';
import type { CalendarBlockBody } from '#shared/schemas';
import { isDay, stayNights } from '#shared/days';
import { holdersOf } from '#functions/data/repositories/occupancy';
import { findUnclaimedOverlap, getReservation, NightTakenError, stayDays } from '#functions/data/repositories/reservations';
import { createReservation, type Actor, type CompanyContext } from './service';

export async function addCalendarBlock(ctx: CompanyContext, body: CalendarBlockBody, actor: Actor, language: UiLanguage) {
  const name = body.note || translateMessage(body.kind === 'owner' ? 'portfolio.ownerStayName' : 'portfolio.blockName', language);
  // Bad or reversed dates are the service's to refuse (checkStay), with its own words.
  if (isDay(body.checkinDate) && isDay(body.checkoutDate) && body.checkinDate < body.checkoutDate) {
    const nights = stayNights(body.checkinDate, body.checkoutDate);
    if (nights.length <= 400) {
      const holders = await holdersOf(ctx.companyId, body.propertyId, nights);
      const night = nights.find((candidate) => holders.get(candidate)?.hold === 'booking');
      const other = night
        ? await getReservation(ctx.companyId, holders.get(night)!.id)
        : await findUnclaimedOverlap(ctx.companyId, body.propertyId, { checkinDay: body.checkinDate, checkoutDay: body.checkoutDate });
      if (other) {
        const days = stayDays(other);
        const taken = night ?? (body.checkinDate > days.checkinDay ? body.checkinDate : days.checkinDay);
        throw new NightTakenError(taken, { night: taken, guest: other.guestName, checkin: days.checkinDay, checkout: days.checkoutDay }, { id: other.id, hold: 'booking' });
      }
    }
  }
  return createReservation(
    ctx,
    { propertyId: body.propertyId, guestName: name, checkinDate: body.checkinDate, checkoutDate: body.checkoutDate, integrationSource: 'direct', kind: 'block' },
    { actor },
  );
}
