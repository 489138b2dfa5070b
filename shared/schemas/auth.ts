// Sign-up, sign-in, sessions, password reset, e-mail confirmation links and two-factor codes.
import * as z from 'zod/mini';
import { ROLES } from '../enums';
import { id, timestamp, tidy, noHiddenCharacters, email } from './fields';

/** Builds a schema lazily enough for bundlers: fields.ts's `schema`, again here as esbuild honours the annotation only in its own module. */
const schema = /* @__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();

export const sessionSchema = schema(() => z.object({
  sid: z.string(),
  sess: z.object({
    userId: id,
    companyId: id,
    email: z.string(),
    role: z.enum(ROLES),
  }),
  /** ISO timestamp after which the session is no longer valid (sliding). */
  expire: timestamp,
}));
export type Session = z.infer<typeof sessionSchema>;

/** The shortest password any form accepts (NIST SP 800-63B; the Cognito pool policy says the same). */
export const MIN_PASSWORD_LENGTH = 8;

export const registerBody = schema(() => z
  .object({
    email: z.string({ error: 'auth.allFieldsRequired' }).check(z.trim(), z.minLength(1, { error: 'auth.allFieldsRequired' }), z.maxLength(254, { error: 'validation.email' })),
    password: z.string({ error: 'auth.allFieldsRequired' }).check(z.minLength(1, { error: 'auth.allFieldsRequired' }), z.maxLength(256, { error: 'validation.tooLong' })),
    confirmPassword: z._default(z.string(), ''),
    firstName: z.string({ error: 'auth.allFieldsRequired' }).check(...tidy('one'), z.minLength(1, { error: 'auth.allFieldsRequired' }), z.maxLength(100, { error: 'validation.tooLong' }), noHiddenCharacters('one')),
    lastName: z.string({ error: 'auth.allFieldsRequired' }).check(...tidy('one'), z.minLength(1, { error: 'auth.allFieldsRequired' }), z.maxLength(100, { error: 'validation.tooLong' }), noHiddenCharacters('one')),
    /** The plan picked on /register: recorded on the new company as a plan-change request (as the hosted-UI path does). */
    plan: z.optional(z.enum(['basic', 'professional', 'enterprise'], { error: 'validation.invalid' })),
  })
  .check(z.superRefine((body, ctx) => {
    if (body.password !== body.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'auth.passwordsDontMatch' });
    }
    // NIST SP 800-63B: at least 8 (SPEC said 6); the common-password check is shared/password-strength.ts.
    if (body.password.length > 0 && body.password.length < MIN_PASSWORD_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'auth.passwordTooShort' });
    }
    if (body.email && !z.email().safeParse(body.email.toLowerCase()).success) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'validation.email' });
    }
  })));
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = schema(() => z.object({
  email: z.string({ error: 'auth.emailPasswordRequired' }).check(z.trim(), z.toLowerCase(), z.minLength(1, { error: 'auth.emailPasswordRequired' }), z.maxLength(254)),
  password: z.string({ error: 'auth.emailPasswordRequired' }).check(z.minLength(1, { error: 'auth.emailPasswordRequired' }), z.maxLength(256)),
}));
export type LoginBody = z.infer<typeof loginBody>;

/** SPEC point 5 reset rules, in the order SPEC lists their messages. */
export const newPassword = schema(() => z
  .string({ error: 'reset.minLength' })
  .check(
    z.minLength(8, { error: 'reset.minLength' }),
    z.maxLength(256),
    z.regex(/[a-z]/, { error: 'reset.lowercase' }),
    z.regex(/[A-Z]/, { error: 'reset.uppercase' }),
    z.regex(/\d/, { error: 'reset.digit' }),
    z.regex(/[@$!%*?&]/, { error: 'reset.special' }),
  ));

/** A one-time link token (e-mail confirmation, password reset); a missing one is an invalid link. */
const linkToken = schema(() => z.string({ error: 'auth.linkInvalid' }).check(z.trim(), z.minLength(1, { error: 'auth.linkInvalid' }), z.maxLength(512, { error: 'auth.linkInvalid' })));

export const resetPasswordBody = schema(() => z.object({
  token: linkToken,
  newPassword,
}));
export const resetPasswordForm = schema(() => z
  .object({ password: newPassword, confirmPassword: z.string() })
  .check(z.refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    error: 'reset.mismatch',
  })));

export const tokenBody = schema(() => z.object({ token: linkToken }));

/** A 6-digit TOTP code (two-factor sign-in and enrolment); spaces typed between the digits are dropped. */
export const totpCodeBody = schema(() => z.object({
  code: z.string({ error: 'auth.totpCodeFormat' }).check(
    z.overwrite((code) => code.replace(/\s+/g, '')),
    z.regex(/^\d{6}$/, { error: 'auth.totpCodeFormat' }),
  ),
}));
export type TotpCodeBody = z.infer<typeof totpCodeBody>;

/** POST /api/auth/two-factor/start: a signed-in member turning two-factor on proves the password again. */
export const twoFactorStartBody = schema(() => z.object({
  password: z.string({ error: 'auth.emailPasswordRequired' }).check(z.minLength(1, { error: 'auth.emailPasswordRequired' }), z.maxLength(256)),
}));
export const forgotPasswordBody = schema(() => z.object({ email: email() }));
