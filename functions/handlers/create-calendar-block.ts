import { calendarBlockBody, type CalendarBlockBody } from '#shared/schemas';
import { getProperty } from '#functions/data/repositories/properties';
import { addCalendarBlock } from '#functions/reservations/calendar-blocks';
import { companyContext, reservationView } from '#functions/reservations/service';
import { NotFoundError } from '#functions/lib/errors';
import { apiHandler, json } from '#functions/lib/http';

/** POST /api/calendar/blocks: a block or an owner stay at one of the company's properties (CEO and managers). */
export const handler = apiHandler<CalendarBlockBody>('create-calendar-block', { body: calendarBlockBody }, async ({ caller, body, language }) => {
  if (!(await getProperty(caller.companyId, body.propertyId))) throw new NotFoundError();
  const { reservation } = await addCalendarBlock(await companyContext(caller.companyId), body, caller, language);
  return json(reservationView(reservation), 201);
});
