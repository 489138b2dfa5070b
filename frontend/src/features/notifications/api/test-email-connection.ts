import { apiRequest } from '../../../lib/api-client';
import type { SendResult } from './send-result';

/** The SMTP form of the Email tab (SPEC point 3): kept in the browser only. */
export interface SmtpSettings {
  smtpHost: string;
  smtpPort: number;
  smtpUser: string;
  smtpPass: string;
  emailFrom: string;
}

/**
 * POST /api/email/test-connection with the form's values: a real SMTP handshake with them, or,
 * with an empty server field, a check of the product's SES configuration. Nothing is stored.
 */
export function testEmailConnection(companyId: string, settings: SmtpSettings): Promise<SendResult> {
  return apiRequest<SendResult>('POST', '/api/email/test-connection', { companyId, ...settings });
}
