// A 400 answer's per-field messages onto the form's fields. Pure: unit-tested in node.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../api-client';

const UNSAFE_PARTS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The `errors` of a 400 answer: { "field.path": message in the request's language } (the handlers'
 * validation answer, functions/lib/http.ts). Empty for any other failure.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || error.status !== 400) return {};
  const body = error.body as { errors?: unknown } | undefined;
  const errors = body?.errors;
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return {};
  const found: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors as Record<string, unknown>)) {
    // No form field is named after an object's internals; such a path is never applied.
    if (!path || path.split('.').some((part) => UNSAFE_PARTS.has(part))) continue;
    if (typeof message === 'string' && message) found[path] = message;
  }
  return found;
}

export interface ApplyServerErrorsOptions<T extends FieldValues> {
  /** The form's fields that can show an error; a path outside them is not applied. Default: any path. */
  fields?: readonly Path<T>[];
}

/**
 * Puts each field message of a 400 answer on its field (`setError(path, { type: 'server' })`).
 * Returns true when at least one message landed on a field; false for anything else (another
 * status, a network failure, a 400 without field messages), so the caller shows a toast.
 */
export function applyServerErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  error: unknown,
  { fields }: ApplyServerErrorsOptions<T> = {},
): boolean {
  let applied = false;
  for (const [path, message] of Object.entries(serverFieldErrors(error))) {
    if (fields && !fields.includes(path as Path<T>)) continue;
    form.setError(path as Path<T>, { type: 'server', message });
    applied = true;
  }
  return applied;
}
