import { guestPhotoBody, type GuestPhotoBody } from '#shared/schemas/guest-link';
import { apiHandler, json } from '#functions/lib/http';
import { presignGuestPhoto } from '#functions/reservations/guest-link/record';
import { withGuestStay } from '#functions/reservations/guest-link/service';

/**
 * POST /api/guest/{token}/photo (public, rate-limited): a presigned PUT for the link's one photo of
 * something broken (an image of the declared type and exact size, at most 8 MB), under the token's
 * own prefix; inside the window only, a few tries per link.
 */
export const handler = apiHandler<GuestPhotoBody>('create-guest-photo-upload', { body: guestPhotoBody }, async ({ event, params, body, language }) =>
  json(await withGuestStay(event, params.token, (stay) => presignGuestPhoto(stay, body, language))),
);
