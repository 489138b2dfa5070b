import { upcomingCheckins } from '#functions/data/repositories/reservations';
import { apiHandler, json } from '#functions/lib/http';

export const handler = apiHandler('list-upcoming-checkins', {}, async ({ caller }) => {
  const reservations = await upcomingCheckins(caller.companyId, new Date(), 5);
  return json(reservations.map(({ id, propertyId, guestName, checkinDate }) => ({ id, propertyId, guestName, checkinDate })));
});
