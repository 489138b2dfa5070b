import type { Role } from '#shared/enums';
import { useCurrentUser } from '../../auth/api/get-current-user';

/** Roles that may add and edit properties (the route table's MANAGERS in functions/routes.ts). */
export const PROPERTY_MANAGER_ROLES: readonly Role[] = ['ceo', 'operational_manager'];

export function useCanManageProperties(): boolean {
  const { user } = useCurrentUser();
  return Boolean(user && PROPERTY_MANAGER_ROLES.includes(user.role));
}
