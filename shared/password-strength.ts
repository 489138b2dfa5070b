// "Never one of the most common passwords" (NIST SP 800-63B 3.1.1.2): the ~49,000 passwords of
// @zxcvbn-ts/language-common's `passwords-common` list, looked up lower-cased. The list is large
// (about 380 KB), so it lives here and nowhere else: only the modules that take a new password import
// it (functions/auth/registration.ts and password-reset.ts, and the register and reset forms, which
// are lazy routes), never the schemas (shared/schemas/), which every handler and form loads.
import { dictionary } from '@zxcvbn-ts/language-common';
import type { MessageKey } from './messages';

let common: Set<string> | undefined;

/** True when `password` (any case) is on the common-password list. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return common.has(password.trim().toLowerCase());
}

/** The message key for a password the length rules accepted but the list refuses, else undefined. */
export function commonPasswordIssue(password: string): MessageKey | undefined {
  return password && isCommonPassword(password) ? 'auth.passwordCommon' : undefined;
}
