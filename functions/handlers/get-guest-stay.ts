import { apiHandler, json } from '#functions/lib/http';
import { guestStayView, withGuestStay } from '#functions/reservations/guest-link/service';

/**
 * GET /api/guest/{token} (public: the token is the credential; rate-limited per token and source):
 * what the guest page shows: the property's name, the checkout day and time, the window's state and
 * the record if any. Nothing personal (no names, door codes, other stays or company ids).
 */
export const handler = apiHandler('get-guest-stay', {}, async ({ event, params }) => json(await withGuestStay(event, params.token, (stay) => guestStayView(stay))));
