import useSWRMutation from 'swr/mutation';
import { apiRequest } from '../../../lib/api-client';

export const FORGOT_PASSWORD_URL = '/api/auth/forgot-password';

/** Always 200 `{ message }`, whether or not the address has an account. */
export function requestPasswordReset(email: string): Promise<{ message?: string } | undefined> {
  return apiRequest<{ message?: string } | undefined>('POST', FORGOT_PASSWORD_URL, { email });
}

export function useRequestPasswordReset() {
  return useSWRMutation(FORGOT_PASSWORD_URL, (_url: string, { arg }: { arg: string }) => requestPasswordReset(arg));
}
