import { shiftsQuery, type ShiftsQuery } from '#shared/schemas';
import { listWeekShifts } from '#functions/shifts/shifts';
import { apiHandler, json } from '#functions/lib/http';

/**
 * GET /api/shifts[?week=YYYY-MM-DD]: the week holding that date (Monday to Sunday, the company's
 * time zone; absent: this week), each day's morning, afternoon and night shifts with teams and
 * attendance, and today's date.
 */
export const handler = apiHandler<unknown, ShiftsQuery>('list-shifts', { query: shiftsQuery }, async ({ caller, query }) =>
  json(await listWeekShifts(caller.companyId, query.week)),
);
