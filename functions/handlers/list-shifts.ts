import { listTodayShifts } from '#functions/shifts/shifts';
import { apiHandler, json } from '#functions/lib/http';

/** Today's morning, afternoon and night shifts of the caller's company, with teams and attendance. */
export const handler = apiHandler('list-shifts', {}, async ({ caller }) => json(await listTodayShifts(caller.companyId)));
