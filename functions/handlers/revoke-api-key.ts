import { revokeApiKey } from '#functions/data/repositories/api-keys';
import { apiHandler, json } from '#functions/lib/http';

/** Revokes the key at once: its next call is 401. */
export const handler = apiHandler('revoke-api-key', {}, async ({ caller, params }) => {
  await revokeApiKey(caller.companyId, params.id, caller.userId);
  return json({ success: true });
});
