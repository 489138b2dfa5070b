import { guestLeftBody, type GuestLeftBody } from '#shared/schemas/guest-link';
import { apiHandler, json } from '#functions/lib/http';
import { recordGuestLeft } from '#functions/reservations/guest-link/record';
import { withGuestStay } from '#functions/reservations/guest-link/service';

/**
 * POST /api/guest/{token}/left (public, rate-limited): "we have left", with an optional note and the
 * photo uploaded through the link. Recorded once inside the window (201); a second press answers the
 * first record (200, `alreadyRecorded`); outside the window 422, a made-up token 404, nothing recorded.
 */
export const handler = apiHandler<GuestLeftBody>('record-guest-left', { body: guestLeftBody }, async ({ event, params, body, language }) => {
  const result = await withGuestStay(event, params.token, (stay) => recordGuestLeft(stay, body, language));
  return json(result, result.alreadyRecorded ? 200 : 201);
});
