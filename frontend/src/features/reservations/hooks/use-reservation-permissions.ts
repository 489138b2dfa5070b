import type { Role } from '#shared/enums';
// The signed-in user is app-wide session data kept by the auth feature (as the properties feature reads it).
import { useCurrentUser } from '../../auth/api/get-current-user';

/** Roles the route table lets create, edit and cancel reservations and manage feeds, checklists and settings (MANAGERS). */
const MANAGER_ROLES: readonly Role[] = ['ceo', 'operational_manager'];

export interface ReservationPermissions {
  /** CEO or manager: writes reservations, feeds, the checklist template and the company's turnover setting. */
  canManage: boolean;
  companyId: string | undefined;
}

export function useReservationPermissions(): ReservationPermissions {
  const { user } = useCurrentUser();
  return { canManage: Boolean(user && MANAGER_ROLES.includes(user.role)), companyId: user?.companyId };
}
