// Starting and ending a signed-in session (the opaque id in an httpOnly cookie; the item in DynamoDB).
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { User } from '#shared/schemas';
import { createSession, deleteSession, isSessionIdShaped } from '#functions/data/repositories/sessions';
import { readCookie, sessionCookie, SESSION_COOKIE } from '#functions/lib/cookies';
import { isMasterEmail } from '#functions/lib/http';

/**
 * A new session for `user`; the one the browser held before (if any) is deleted, so a session id
 * planted before sign-in never becomes a signed-in one. Returns the Set-Cookie value.
 */
export async function startSession(user: User, event: Pick<APIGatewayProxyEventV2, 'cookies' | 'headers'>): Promise<string> {
  await endSession(event);
  const session = await createSession({ userId: user.id, companyId: user.companyId, email: user.email, role: user.role });
  return sessionCookie(session.sid);
}

/** Deletes the session the request carries, if any. */
export async function endSession(event: Pick<APIGatewayProxyEventV2, 'cookies' | 'headers'>): Promise<void> {
  const sid = readCookie(event, SESSION_COOKIE);
  if (sid && isSessionIdShaped(sid)) await deleteSession(sid);
}

/** The signed-in user as GET /api/auth/user shows it. */
export function currentUserView(user: User) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    profileImageUrl: user.profileImageUrl ?? null,
    role: user.role,
    companyId: user.companyId,
    isMaster: isMasterEmail(user.email),
    /** TOTP on for this user (functions/auth/two-factor.ts records it when the enrolment succeeds). */
    twoFactorEnabled: Boolean((user as User & { totpEnabledAt?: string | null }).totpEnabledAt),
  };
}
