import { apiRequest } from '../../../lib/api-client';
import { refreshHistory } from './get-notification-history';
import type { SendResult } from './send-result';

/** POST /api/email/send-confirmation: a test confirmation e-mail to `email`. */
export async function sendConfirmationEmail(companyId: string, email: string): Promise<SendResult> {
  try {
    return await apiRequest<SendResult>('POST', '/api/email/send-confirmation', { email, companyId });
  } finally {
    void refreshHistory(companyId);
  }
}
