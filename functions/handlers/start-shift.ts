import { shiftStartBody, type ShiftStartBody } from '#shared/schemas';
import { parseShiftParams } from '#functions/shifts/params';
import { startShift } from '#functions/shifts/shifts';
import { apiHandler, json } from '#functions/lib/http';

/** Iniciar Turno: a member starts for themselves, a manager for the members who are there. */
export const handler = apiHandler<ShiftStartBody>('start-shift', { body: shiftStartBody }, async ({ caller, params, body }) =>
  json(await startShift(caller, parseShiftParams(params), body)),
);
