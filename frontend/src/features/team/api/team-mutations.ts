import { mutate } from 'swr';
import type { Role } from '#shared/enums';
import type { InviteMemberBody } from '#shared/schemas';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { INVITATIONS_KEY, type Invitation } from './get-invitations';
import { TEAM_KEY } from './get-team';
import { TOP_PERFORMERS_KEY } from './get-top-performers';

/** After any team change: the members (and so the seats), the invitations and the top performers. */
async function refreshTeam(): Promise<void> {
  await Promise.all([mutate(TEAM_KEY), mutate(INVITATIONS_KEY), mutate(TOP_PERFORMERS_KEY)]);
}

/**
 * POST /api/team/invites (CEO). Rejects with ApiError: 400 with `errors` per field; 403 with the
 * plan's user-limit message (already in the request's language); 409 when the e-mail is already on
 * the team, already invited, or another company's account. A 403 or 409 re-reads the team too:
 * someone else may have taken the last seat or invited the person meanwhile.
 */
export async function inviteMember(body: InviteMemberBody): Promise<Invitation> {
  try {
    const invited = await apiRequest<Invitation>('POST', INVITATIONS_KEY, body);
    await refreshTeam();
    return invited;
  } catch (error) {
    if (isApiError(error) && (error.status === 403 || error.status === 409)) void refreshTeam();
    throw error;
  }
}

/** POST /api/team/invites/{userId}/resend (CEO): a new 7-day link; 409 once they have joined. */
export async function resendInvitation(userId: string): Promise<Invitation> {
  try {
    return await apiRequest<Invitation>('POST', `${INVITATIONS_KEY}/${encodeURIComponent(userId)}/resend`);
  } finally {
    await refreshTeam();
  }
}

/** PUT /api/team/{userId}/role (CEO): 409 when it would leave the company without a CEO. */
export async function changeMemberRole(userId: string, role: Role): Promise<void> {
  try {
    await apiRequest('PUT', `${TEAM_KEY}/${encodeURIComponent(userId)}/role`, { role });
  } finally {
    await refreshTeam();
  }
}

/** PUT /api/team/{userId}/access (CEO): the property groups a member sees ([] = every property); 400 for a CEO. */
export async function changeMemberAccess(userId: string, propertyGroupIds: string[]): Promise<void> {
  try {
    await apiRequest('PUT', `${TEAM_KEY}/${encodeURIComponent(userId)}/access`, { propertyGroupIds });
  } finally {
    await refreshTeam();
  }
}

/** PUT /api/team/{userId}/owner-properties (CEO): the properties an owner owns (at least one); 400 naming unknown ids. */
export async function changeOwnerProperties(userId: string, propertyIds: string[]): Promise<void> {
  try {
    await apiRequest('PUT', `${TEAM_KEY}/${encodeURIComponent(userId)}/owner-properties`, { propertyIds });
  } finally {
    await refreshTeam();
  }
}

/** DELETE /api/team/{userId} (CEO): the member (or a pending invitation) goes; 400 for yourself. */
export async function removeMember(userId: string): Promise<void> {
  try {
    await apiRequest('DELETE', `${TEAM_KEY}/${encodeURIComponent(userId)}`);
  } finally {
    await refreshTeam();
  }
}
