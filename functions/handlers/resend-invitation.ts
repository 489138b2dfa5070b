import { resendInvitation } from '#functions/team/invitation-mail';
import { apiHandler, json } from '#functions/lib/http';

/** POST /api/team/invites/{userId}/resend (CEO): a new 7-day link for someone who has not set a password yet. */
export const handler = apiHandler('resend-invitation', {}, async ({ caller, params, language }) =>
  json(await resendInvitation(caller, params.userId, language)),
);
