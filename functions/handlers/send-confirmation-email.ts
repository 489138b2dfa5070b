import { sendConfirmationEmailBody, type SendConfirmationEmailBody } from '#shared/schemas';
import { apiHandler, json } from '#functions/lib/http';
import { assertOwnCompany } from '#functions/notifications/access';
import { sendConfirmationTest } from '#functions/notifications/manual';

/** POST /api/email/send-confirmation: a test confirmation e-mail to the address given; { success, message }. */
export const handler = apiHandler<SendConfirmationEmailBody>(
  'send-confirmation-email',
  { body: sendConfirmationEmailBody },
  async ({ caller, body, language }) => {
    assertOwnCompany(caller, body.companyId);
    return json(await sendConfirmationTest(caller, body.email, language));
  },
);
