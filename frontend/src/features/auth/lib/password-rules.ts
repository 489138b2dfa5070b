import { newPassword } from '#shared/schemas';

/**
 * The five rules of the reset password, in SPEC order, by the message key the shared `newPassword`
 * schema reports for each. The requirements box ticks a rule when the schema no longer reports it,
 * so the box can never disagree with the validation the server runs.
 */
export const PASSWORD_RULES = [
  { id: 'minLength', messageKey: 'reset.minLength' },
  { id: 'lowercase', messageKey: 'reset.lowercase' },
  { id: 'uppercase', messageKey: 'reset.uppercase' },
  { id: 'digit', messageKey: 'reset.digit' },
  { id: 'special', messageKey: 'reset.special' },
] as const;

export type PasswordRuleId = (typeof PASSWORD_RULES)[number]['id'];

/** Which of the five rules `password` already meets. */
export function metPasswordRules(password: string): Record<PasswordRuleId, boolean> {
  const result = newPassword.safeParse(password);
  const failing = new Set(result.success ? [] : result.error.issues.map((issue) => issue.message));
  return Object.fromEntries(PASSWORD_RULES.map(({ id, messageKey }) => [id, !failing.has(messageKey)])) as Record<PasswordRuleId, boolean>;
}
