import { publicGuestLinkSchema } from '#shared/schemas';
import { ensureGuestLink } from '#functions/data/repositories/guest-links';
import { apiJson, publicApiHandler } from '#functions/lib/public-api';
import { officeStay } from '#functions/reservations/guest-link/office';
import { guestLinkView } from '#functions/reservations/guest-link/urls';

/**
 * GET /api/v1/reservations/{id}/guest-link: the stay's private "we have left" link, made on first use
 * (the app's GET /api/reservations/{id}/guest-link), for the integrator's own guest messages. A block
 * or a cancelled stay has none (409); another company's reservation is a 404.
 */
export const handler = publicApiHandler('v1-get-reservation-guest-link', {}, async ({ caller, params }) => {
  const { propertyName } = await officeStay(caller.companyId, params.id);
  const view = guestLinkView(await ensureGuestLink(caller.companyId, params.id), propertyName);
  return apiJson(publicGuestLinkSchema.parse({ reservationId: params.id, ...view }));
});
