import { cancelOwnerStay } from '#functions/owners/stay-requests';
import { apiHandler, json } from '#functions/lib/http';

/** DELETE /api/owner/stay-requests/{requestId} (owner): their own pending request, kept as cancelled (409 once answered). */
export const handler = apiHandler('cancel-owner-stay-request', {}, async ({ caller, params }) => json(await cancelOwnerStay(caller, params.requestId)));
