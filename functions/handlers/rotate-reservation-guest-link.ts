import { guestLinkRotateBody, type GuestLinkRotateBody } from '#shared/schemas/guest-link';
import { rotateGuestLink } from '#functions/data/repositories/guest-links';
import { apiHandler, json } from '#functions/lib/http';
import { officeStay } from '#functions/reservations/guest-link/office';
import { guestLinkView } from '#functions/reservations/guest-link/urls';

/**
 * POST /api/reservations/{id}/guest-link/rotate (CEO and managers): a new guest link for the stay;
 * the old one is a 404 from now on (what was recorded stays recorded).
 */
export const handler = apiHandler<GuestLinkRotateBody>('rotate-reservation-guest-link', { body: guestLinkRotateBody }, async ({ caller, params }) => {
  const { propertyName } = await officeStay(caller.companyId, params.id);
  return json(guestLinkView(await rotateGuestLink(caller.companyId, params.id), propertyName));
});
