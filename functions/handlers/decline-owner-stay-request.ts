import { ownerStayDecisionBody, type OwnerStayDecisionBody } from '#shared/schemas';
import { declineOwnerStay } from '#functions/owners/stay-requests';
import { apiHandler, json } from '#functions/lib/http';

/** POST /api/owner-stay-requests/{requestId}/decline {note?} (CEO, managers): the owner is told, with the note. */
export const handler = apiHandler<OwnerStayDecisionBody>('decline-owner-stay-request', { body: ownerStayDecisionBody }, async ({ caller, params, body }) =>
  json(await declineOwnerStay(caller, params.requestId, body.note)),
);
