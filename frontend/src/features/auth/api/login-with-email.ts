import useSWRMutation from 'swr/mutation';
import type { LoginBody } from '#shared/schemas';
import { apiRequest } from '../../../lib/api-client';
import type { CurrentUser } from './get-current-user';

export const LOGIN_EMAIL_URL = '/api/auth/login-email';

/** 200 `{ message, user }` plus the session cookie; 401 / 403 / 429 each with a `message`. */
export interface LoginResponse {
  message?: string;
  user?: CurrentUser;
}

export function loginWithEmail(input: LoginBody): Promise<LoginResponse | undefined> {
  return apiRequest<LoginResponse | undefined>('POST', LOGIN_EMAIL_URL, input);
}

export function useLoginWithEmail() {
  return useSWRMutation(LOGIN_EMAIL_URL, (_url: string, { arg }: { arg: LoginBody }) => loginWithEmail(arg));
}
