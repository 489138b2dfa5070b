import { isManagerRole } from '#shared/enums';
// The signed-in user is app-wide session data kept by the auth feature (as the properties feature reads it).
import { useCurrentUser } from '../../auth/api/get-current-user';

export interface ReservationPermissions {
  /** CEO or manager: writes reservations, feeds, the checklist template and the company's turnover setting. */
  canManage: boolean;
  companyId: string | undefined;
}

export function useReservationPermissions(): ReservationPermissions {
  const { user } = useCurrentUser();
  return { canManage: Boolean(user && isManagerRole(user.role)), companyId: user?.companyId };
}
