import { ownerStayRequestBody, type OwnerStayRequestBody } from '#shared/schemas';
import { requestOwnerStay } from '#functions/owners/stay-requests';
import { apiHandler, json } from '#functions/lib/http';

/** POST /api/owner/stay-requests (owner): nights at one of their properties, for the office to accept; 409 when taken. */
export const handler = apiHandler<OwnerStayRequestBody>('create-owner-stay-request', { body: ownerStayRequestBody }, async ({ caller, body }) =>
  json(await requestOwnerStay(caller, body), 201),
);
