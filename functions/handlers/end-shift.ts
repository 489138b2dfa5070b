import { parseShiftParams } from '#functions/shifts/params';
import { endShift } from '#functions/shifts/shifts';
import { apiHandler, json } from '#functions/lib/http';

/** Encerrar Turno: a manager closes the shift, a member checks out. */
export const handler = apiHandler('end-shift', {}, async ({ caller, params }) => json(await endShift(caller, parseShiftParams(params))));
