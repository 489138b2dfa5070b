// Request parsing and answers particular to the identity routes.
// - The auth forms need ONE top-level message even when several fields fail (SPEC point 5 names the
//   message of each rule, checked in order), so these routes validate with `parseBody` and a
//   priority list instead of the wrapper's generic "Some fields are not valid".
// - Link tokens that fail answer 400 `{ message, code: 'expired' | 'invalid' }`: the pages decide
//   their state from `code` (any language) or from the English words in the message (SPEC point 4).
import type { ZodMiniType as ZodType } from 'zod/mini';
import type { UiLanguage } from '#shared/enums';
import { translateMessage, type MessageKey } from '#shared/messages';
import { genericIssueMessage } from '#shared/schemas';
import { BadRequestError, type FieldErrors } from '#functions/lib/errors';
import { json, type HttpResult } from '#functions/lib/http';

export class LinkError extends BadRequestError {
  constructor(
    readonly code: 'expired' | 'invalid',
    fieldErrors: FieldErrors = {},
  ) {
    super(code === 'expired' ? 'auth.linkExpired' : 'auth.linkInvalid', fieldErrors);
  }
}

/** Validates `input`; on failure the top-level message is the first of `priority` that applies. */
export function parseBody<T>(schema: ZodType<T>, input: unknown, priority: readonly MessageKey[] = []): T {
  const result = schema.safeParse(input, { error: genericIssueMessage });
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[issue.path.map(String).join('.') || '_'] ??= issue.message;
  const messages = Object.values(errors);
  const top = priority.find((key) => messages.includes(key)) ?? (messages.length === 1 ? messages[0] : 'error.badRequest');
  if (top === 'auth.linkInvalid') throw new LinkError('invalid', errors);
  throw new BadRequestError(top, errors);
}

/** Runs `fn`, answering a LinkError with its `code` beside the translated message. */
export async function answeringLinkErrors(language: UiLanguage, fn: () => Promise<HttpResult>): Promise<HttpResult> {
  try {
    return await fn();
  } catch (error) {
    if (!(error instanceof LinkError)) throw error;
    return json({ message: translateMessage(error.messageKey, language), code: error.code }, 400);
  }
}
