// Reading the failures of the auth calls: link refusals (expired / invalid) and field errors.
import { errorMessage, isApiError } from '../../../lib/api-client';

/** Why a confirmation or reset link was refused: the server's `code`, else read from the message. */
export type LinkFailure = 'expired' | 'invalid' | 'other';

function body(error: unknown): { code?: unknown; errors?: unknown } {
  return isApiError(error) && typeof error.body === 'object' && error.body !== null ? (error.body as { code?: unknown; errors?: unknown }) : {};
}

/**
 * The server answers a bad link with 400 `{ message, code: 'expired' | 'invalid' }` in every
 * language; SPEC point 4 reads the English words "expired" / "invalid" in the message, which is kept
 * as the fallback for answers without a code. A validation answer (`errors`) is never a link failure.
 */
export function linkFailure(error: unknown): LinkFailure {
  const { code, errors } = body(error);
  if (code === 'expired' || code === 'invalid') return code;
  if (errors && typeof errors === 'object') return 'other';
  const message = errorMessage(error);
  if (/expired/i.test(message)) return 'expired';
  if (/invalid/i.test(message)) return 'invalid';
  return 'other';
}

/** The field errors of a 400 `{ message, errors }` answer (already translated by the server). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const { errors } = body(error);
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
