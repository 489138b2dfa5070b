import useSWRMutation from 'swr/mutation';
import type * as z from 'zod/mini';
import type { resetPasswordBody } from '#shared/schemas';
import { apiRequest } from '../../../lib/api-client';

export const RESET_PASSWORD_URL = '/api/auth/reset-password';

export type ResetPasswordInput = z.input<typeof resetPasswordBody>;

/** 200 `{ message }`; 400 `{ message, code: 'expired' | 'invalid' }` or 400 `{ message, errors }`. */
export function resetPassword(input: ResetPasswordInput): Promise<{ message?: string } | undefined> {
  return apiRequest<{ message?: string } | undefined>('POST', RESET_PASSWORD_URL, input);
}

export function useResetPassword() {
  return useSWRMutation(RESET_PASSWORD_URL, (_url: string, { arg }: { arg: ResetPasswordInput }) => resetPassword(arg));
}
