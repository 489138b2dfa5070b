import { isManagerRole, type Plan } from '#shared/enums';
import { UNLIMITED } from '#shared/plans';
import { isLimitReached, usagePercentage, userLimit } from '#shared/rules';
// The signed-in user and the company are app-wide session data; their hooks live in the auth and
// companies features (as the properties screen does).
import { useCurrentUser } from '../../auth/api/get-current-user';
import { useCompanies } from '../../companies/api/get-companies';

export interface TeamAccess {
  /** The signed-in user's id (undefined while loading). */
  userId: string | undefined;
  /** Invites, changes roles and removes members (the route table's CEO routes). */
  canManage: boolean;
  /** Sees the pending invitations (CEO and managers, as GET /api/team/invites allows). */
  canSeeInvitations: boolean;
  /** Changes the team settings (CEO and managers, as PUT /api/companies/{id}/settings allows). */
  canEditSettings: boolean;
  companyId: string | undefined;
}

export function useTeamAccess(): TeamAccess {
  const { user } = useCurrentUser();
  const role = user?.role;
  const manager = Boolean(user) && isManagerRole(role);
  return { userId: user?.id, canManage: role === 'ceo', canSeeInvitations: manager, canEditSettings: manager, companyId: user?.companyId };
}

export interface SeatUsage {
  /** Company and team are known. */
  ready: boolean;
  plan: Plan | undefined;
  /** Users of the company, pending invitations included (each takes a seat, as the server counts). */
  count: number;
  /** -1 (UNLIMITED) for enterprise. */
  limit: number;
  unlimited: boolean;
  isMaster: boolean;
  /** 0-100; always 0 for the master account and unlimited plans. */
  percentage: number;
  /** Never true for the master account or an unlimited plan. */
  limitReached: boolean;
}

/** The plan's user seats in use (SPEC point 9: users limit; the master account is never at a limit). */
export function useSeatUsage(count: number | undefined): SeatUsage {
  const { user } = useCurrentUser();
  const { company, isLoading } = useCompanies();
  const isMaster = Boolean(user?.isMaster);
  const plan = company?.plan;
  const limit = plan ? userLimit(plan) : UNLIMITED;
  const known = count ?? 0;
  return {
    ready: !isLoading && Boolean(plan) && count !== undefined,
    plan,
    count: known,
    limit,
    unlimited: limit === UNLIMITED,
    isMaster,
    percentage: plan ? usagePercentage(known, limit, isMaster) : 0,
    limitReached: plan !== undefined && count !== undefined && isLimitReached(known, limit, isMaster),
  };
}
