import useSWRMutation from 'swr/mutation';
import type * as z from 'zod/mini';
import type { registerBody } from '#shared/schemas';
import { apiRequest } from '../../../lib/api-client';

export const REGISTER_URL = '/api/auth/register';

/** The registration form (SPEC point 3): the body of POST /api/auth/register. */
export type RegisterInput = z.input<typeof registerBody>;

/** 201 `{ message }`; 400 `{ message, errors }` on validation, 409 when the e-mail is taken. */
export interface RegisterResponse {
  message?: string;
}

export function register(input: RegisterInput): Promise<RegisterResponse | undefined> {
  return apiRequest<RegisterResponse | undefined>('POST', REGISTER_URL, input);
}

export function useRegister() {
  return useSWRMutation(REGISTER_URL, (_url: string, { arg }: { arg: RegisterInput }) => register(arg));
}
