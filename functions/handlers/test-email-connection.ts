import { emailConnectionBody, type EmailConnectionBody } from '#shared/schemas';
import { mailer } from '#functions/mail/mailer';
import { requireEnv } from '#functions/lib/env';
import { apiHandler, json } from '#functions/lib/http';
import { assertOwnCompany } from '#functions/notifications/access';
import { checkSes, checkSmtp } from '#functions/notifications/email-check';
import { takeQuota } from '#functions/notifications/manual';

const EMAIL_FROM = requireEnv('EMAIL_FROM');

/**
 * POST /api/email/test-connection: tests the SMTP settings of the form (never stored), or, with an
 * empty form, the SES configuration the product sends with. { success, message }; 429 past the
 * hourly limit of manual sends.
 */
export const handler = apiHandler<EmailConnectionBody>('test-email-connection', { body: emailConnectionBody }, async ({ caller, body, language }) => {
  assertOwnCompany(caller, body.companyId);
  // Counted with the other sends: each test connects out (SMTP) or sends a message (SES).
  await takeQuota(caller.companyId);
  const result = body.smtpHost
    ? await checkSmtp({ host: body.smtpHost, port: body.smtpPort, user: body.smtpUser, pass: body.smtpPass }, language)
    : await checkSes(mailer, EMAIL_FROM, language);
  return json(result);
});
