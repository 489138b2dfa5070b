import { isApiError } from '../../../lib/api-client';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The `errors` of a 400 answer ({ field: message in the request's language }), if any. */
export function serverFieldErrors<F extends string>(error: unknown, fields: readonly F[]): FieldErrors<F> {
  if (!isApiError(error) || error.status !== 400) return {};
  const body = error.body as { errors?: Record<string, unknown> } | undefined;
  const errors: FieldErrors<F> = {};
  for (const field of fields) {
    const message = body?.errors?.[field];
    if (typeof message === 'string' && message) errors[field] = message;
  }
  return errors;
}
