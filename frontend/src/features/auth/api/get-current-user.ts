import useSWR from 'swr';
import type { Role } from '#shared/enums';
import { apiGetPreloadable, isUnauthorizedError, type ApiError } from '../../../lib/api-client';

/** Also preloaded by index.html, so the session check runs while the scripts download. */
export const CURRENT_USER_KEY = '/api/auth/user';

/** GET /api/auth/user. `isMaster` marks the single unlimited master account. */
export interface CurrentUser {
  id: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
  role: Role;
  companyId: string;
  isMaster?: boolean;
  /** TOTP two-factor is on for this user. */
  twoFactorEnabled?: boolean;
  /** GET /api/auth/user: false for a member scoped to property groups (and owners): no groups, no new properties. */
  seesEveryProperty?: boolean;
}

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface CurrentUserState {
  /** The signed-in user; undefined unless `status` is `authenticated`. */
  user: CurrentUser | undefined;
  status: AuthStatus;
  isLoading: boolean;
  isAuthenticated: boolean;
  /** The last error of the call (a 401 is the ordinary "not signed in" answer). */
  error: unknown;
  /** Re-read the user (e.g. after e-mail login or a profile change). */
  refresh: () => Promise<CurrentUser | undefined>;
}

/**
 * Who is signed in. A 401 means unauthenticated; it is never retried (global SWR config). Any
 * other failure also reads as unauthenticated, so the visitor gets the landing screen and can sign
 * in again rather than a blank page.
 */
export function useCurrentUser(): CurrentUserState {
  const { data, error, isLoading, mutate } = useSWR<CurrentUser, ApiError>(CURRENT_USER_KEY, apiGetPreloadable<CurrentUser>);

  let status: AuthStatus;
  if (isLoading && !data) status = 'loading';
  else if (data && !error) status = 'authenticated';
  else if (data && error && !isUnauthorizedError(error)) status = 'authenticated'; // keep a known user through a transient failure
  else status = 'unauthenticated';

  return {
    user: status === 'authenticated' ? data : undefined,
    status,
    isLoading: status === 'loading',
    isAuthenticated: status === 'authenticated',
    error,
    refresh: () => mutate(),
  };
}
