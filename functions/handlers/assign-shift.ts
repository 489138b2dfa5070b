import { shiftAssignmentBody, type ShiftAssignmentBody } from '#shared/schemas';
import { parseShiftParams } from '#functions/shifts/params';
import { assignShift } from '#functions/shifts/shifts';
import { apiHandler, json } from '#functions/lib/http';

/** Schedules the teams of a shift (CEO and managers). */
export const handler = apiHandler<ShiftAssignmentBody>('assign-shift', { body: shiftAssignmentBody }, async ({ caller, params, body }) =>
  json(await assignShift(caller, parseShiftParams(params), body)),
);
