import useSWRMutation from 'swr/mutation';
import { apiRequest } from '../../../lib/api-client';

export const RESEND_CONFIRMATION_URL = '/api/auth/resend-confirmation';

/** Always 200 `{ message }`: a new confirmation link when the address is waiting for one. */
export function useResendConfirmation() {
  return useSWRMutation(RESEND_CONFIRMATION_URL, (_url: string, { arg }: { arg: string }) =>
    apiRequest<{ message?: string } | undefined>('POST', RESEND_CONFIRMATION_URL, { email: arg }),
  );
}
