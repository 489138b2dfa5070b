import { sendNotificationBody, type SendNotificationBody } from '#shared/schemas';
import { apiHandler, json } from '#functions/lib/http';
import { assertOwnCompany } from '#functions/notifications/access';
import { sendManualNotification } from '#functions/notifications/manual';

/** POST /api/notifications/send (Envio Manual): { success, message, deliveries }; failed sends are in the history. */
export const handler = apiHandler<SendNotificationBody>('send-notification', { body: sendNotificationBody }, async ({ caller, body, language }) => {
  assertOwnCompany(caller, body.companyId);
  return json(await sendManualNotification(caller, body, language));
});
