import type { Role } from '#shared/enums';
import type { ManualAudience } from '#shared/schemas';
import { apiRequest } from '../../../lib/api-client';
import { refreshHistory } from './get-notification-history';
import type { SendResult } from './send-result';

export interface ManualNotification {
  companyId: string;
  subject: string;
  message: string;
  /** Everyone (default), one role, or the chosen members. */
  audience?: ManualAudience;
  role?: Role;
  memberIds?: string[];
}

/** POST /api/notifications/send (Envio Manual); the history is re-read whatever the outcome. */
export async function sendNotification(body: ManualNotification): Promise<SendResult> {
  try {
    return await apiRequest<SendResult>('POST', '/api/notifications/send', body);
  } finally {
    void refreshHistory(body.companyId);
  }
}
