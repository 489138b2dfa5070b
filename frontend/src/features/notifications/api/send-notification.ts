import { apiRequest } from '../../../lib/api-client';
import { refreshHistory } from './get-notification-history';
import type { SendResult } from './send-result';

export interface ManualNotification {
  companyId: string;
  subject: string;
  message: string;
}

/** POST /api/notifications/send (Envio Manual); the history is re-read whatever the outcome. */
export async function sendNotification(body: ManualNotification): Promise<SendResult> {
  try {
    return await apiRequest<SendResult>('POST', '/api/notifications/send', body);
  } finally {
    void refreshHistory(body.companyId);
  }
}
