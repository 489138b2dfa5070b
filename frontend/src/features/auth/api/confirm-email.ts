import { apiRequest } from '../../../lib/api-client';

export const CONFIRM_EMAIL_URL = '/api/email/confirm';

/** 200 `{ message, alreadyConfirmed }`, or 400 `{ message, code: 'expired' | 'invalid' }`. */
export interface ConfirmEmailResponse {
  message?: string;
  /** The link was used before: the e-mail stays confirmed, nothing was done again. */
  alreadyConfirmed?: boolean;
}

/** POST /api/email/confirm. One-shot on page load, so no hook here (see use-confirm-email). */
export function confirmEmail(token: string): Promise<ConfirmEmailResponse | undefined> {
  return apiRequest<ConfirmEmailResponse | undefined>('POST', CONFIRM_EMAIL_URL, { token });
}
