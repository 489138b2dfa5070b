// The /auth form: its values, the schema of each mode (the server's loginBody / registerBody), and
// which of SPEC point 5's rules a refused registration breaks first.
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import type * as z from 'zod/mini';
import { loginBody, registerBody, type LoginBody, type RegisterBody } from '#shared/schemas';
import { mappedSchema } from '../../../lib/forms/schema-resolver';

export type AuthMode = 'login' | 'register';

export interface AuthFormValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  /** Login only: keep the address for the next visit. */
  remember: boolean;
}

export const AUTH_FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;

export type AuthForm = UseFormReturn<AuthFormValues, unknown, LoginBody | RegisterBody>;

const withoutRemember = ({ remember: _remember, ...body }: AuthFormValues) => body;
const loginForm = mappedSchema(loginBody, withoutRemember);
const registerForm = mappedSchema(registerBody, withoutRemember);

export function authFormSchema(mode: AuthMode): z.ZodMiniType<LoginBody | RegisterBody, AuthFormValues> {
  return mode === 'register' ? registerForm : loginForm;
}

/**
 * The rules of SPEC point 5 in the order the screen reports them (the server checks the same order),
 * each with its toast. The descriptions of the first two are the shared validation messages.
 */
export const REGISTER_RULES = {
  'auth.allFieldsRequired': { title: 'auth.emailLogin.toast.requiredTitle', description: 'auth.allFieldsRequired' },
  'auth.passwordsDontMatch': { title: 'auth.emailLogin.toast.mismatchTitle', description: 'auth.emailLogin.toast.mismatchDescription' },
  'auth.passwordTooShort': { title: 'auth.emailLogin.toast.tooShortTitle', description: 'auth.emailLogin.toast.tooShortDescription' },
  'validation.email': { title: 'auth.emailLogin.toast.invalidEmailTitle', description: 'auth.emailLogin.toast.invalidEmailDescription' },
  'validation.tooLong': { title: 'auth.emailLogin.toast.tooLongTitle', description: 'auth.emailLogin.toast.tooLongDescription' },
} as const;

export type RegisterRule = keyof typeof REGISTER_RULES;

/** Every message of each field's issues (the form validates with criteriaMode 'all'). */
function messagesByField(errors: FieldErrors<AuthFormValues>): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const field of AUTH_FIELDS) {
    const error = errors[field];
    if (!error) continue;
    const all = Object.values(error.types ?? {}).flatMap((value) => (Array.isArray(value) ? value : [value]));
    found.set(field, [error.message, ...all].filter((message): message is string => typeof message === 'string'));
  }
  return found;
}

/** The first rule a refused registration breaks, and the fields that break it. */
export function registerRuleOf(errors: FieldErrors<AuthFormValues>): { rule: RegisterRule; fields: (typeof AUTH_FIELDS)[number][] } {
  const byField = messagesByField(errors);
  const messages = new Set([...byField.values()].flat());
  const rule = (Object.keys(REGISTER_RULES) as RegisterRule[]).find((key) => messages.has(key)) ?? 'auth.allFieldsRequired';
  const fields = AUTH_FIELDS.filter((field) => byField.get(field)?.includes(rule));
  return { rule, fields };
}
