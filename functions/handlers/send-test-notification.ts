import { testNotificationBody, type TestNotificationBody } from '#shared/schemas';
import { apiHandler, json } from '#functions/lib/http';
import { assertOwnCompany } from '#functions/notifications/access';
import { sendTestSms } from '#functions/notifications/manual';

/** POST /api/notifications/test (Teste): an SMS to the caller's phone; { success, message }. */
export const handler = apiHandler<TestNotificationBody>('send-test-notification', { body: testNotificationBody }, async ({ caller, body, language }) => {
  assertOwnCompany(caller, body.companyId);
  return json(await sendTestSms(caller, language));
});
