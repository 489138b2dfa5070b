import { pendingInvitations } from '#functions/team/views';
import { apiHandler, json } from '#functions/lib/http';

/** GET /api/team/invites (CEO and managers): members invited who have not set a password yet. */
export const handler = apiHandler('list-invitations', {}, async ({ caller }) => json(await pendingInvitations(caller)));
