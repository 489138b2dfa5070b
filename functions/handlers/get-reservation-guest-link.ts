import { ensureGuestLink } from '#functions/data/repositories/guest-links';
import { apiHandler, json } from '#functions/lib/http';
import { officeStay } from '#functions/reservations/guest-link/office';
import { guestLinkView } from '#functions/reservations/guest-link/urls';

/**
 * GET /api/reservations/{id}/guest-link (CEO and managers): the stay's private guest link, made on
 * first use, with the sentence to paste into the channel's message (pt, en, es). A block or a
 * cancelled stay has none (409); another company's reservation is a 404.
 */
export const handler = apiHandler('get-reservation-guest-link', {}, async ({ caller, params }) => {
  const { propertyName } = await officeStay(caller.companyId, params.id);
  return json(guestLinkView(await ensureGuestLink(caller.companyId, params.id), propertyName));
});
