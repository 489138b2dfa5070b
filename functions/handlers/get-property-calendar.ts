import { calendarMonthQuery, type CalendarMonthQuery } from '#shared/schemas';
import { getProperty } from '#functions/data/repositories/properties';
import { propertyMonth } from '#functions/reservations/calendar';
import { companyContext } from '#functions/reservations/service';
import { NotFoundError } from '#functions/lib/errors';
import { apiHandler, json } from '#functions/lib/http';

/** GET /api/properties/{id}/calendar?month=YYYY-MM */
export const handler = apiHandler<unknown, CalendarMonthQuery>('get-property-calendar', { query: calendarMonthQuery }, async ({ caller, params, query }) => {
  if (!(await getProperty(caller.companyId, params.id))) throw new NotFoundError();
  return json(await propertyMonth(await companyContext(caller.companyId), params.id, query.month));
});
