import { apiRequest } from '../../../lib/api-client';
import { refreshHistory } from './get-notification-history';
import type { SendResult } from './send-result';

/** POST /api/notifications/test: a test SMS to the saved number; the history is re-read after. */
export async function sendTestNotification(companyId: string): Promise<SendResult> {
  try {
    return await apiRequest<SendResult>('POST', '/api/notifications/test', { companyId });
  } finally {
    void refreshHistory(companyId);
  }
}
