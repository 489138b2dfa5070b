import { shiftParams, type ShiftParams } from '#shared/schemas';
import { BadRequestError, type FieldErrors } from '#functions/lib/errors';

/** The {date}/{shift} path parameters, validated like a body: 400 with field errors. */
export function parseShiftParams(params: Record<string, string>): ShiftParams {
  const result = shiftParams.safeParse(params);
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[issue.path.map(String).join('.') || '_'] ??= issue.message;
  throw new BadRequestError('error.badRequest', errors);
}
