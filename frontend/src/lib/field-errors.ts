// Field errors of the forms: the first zod message per field (client-side checks) and the
// per-field messages of a 400 answer (server-side checks), shared by every feature's dialogs.
import type { TFunction } from 'i18next';
import type { core } from 'zod/mini';
import { issueMessageKey } from '#shared/schemas';
import { isApiError } from './api-client';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** First message per field of a failed zod parse; the messages are keys of shared/messages.ts. */
export function zodFieldErrors<F extends string>(error: core.$ZodError, t: TFunction): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (field && !errors[field]) errors[field] = t(issueMessageKey(issue));
  }
  return errors;
}

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
