import { inviteMemberBody, type InviteMemberBody } from '#shared/schemas';
import { inviteMember } from '#functions/team/invite';
import { apiHandler, json } from '#functions/lib/http';

/** POST /api/team/invites (CEO): within the plan's user limit; the invitee sets a password from the e-mail's link. */
export const handler = apiHandler<InviteMemberBody>('invite-member', { body: inviteMemberBody }, async ({ caller, body, language }) =>
  json(await inviteMember(caller, body, language), 201),
);
