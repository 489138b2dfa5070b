import { isManagerRole } from '#shared/enums';
import { useCurrentUser } from '../../auth/api/get-current-user';

/** Whether the signed-in user may add and edit properties (the route table's MANAGERS in functions/routes.ts). */
export function useCanManageProperties(): boolean {
  const { user } = useCurrentUser();
  return Boolean(user && isManagerRole(user.role));
}

/**
 * Whether the signed-in manager sees every property: only then may they make property groups and
 * add properties (a manager scoped to groups could not see a new one; docs/property-scope.md).
 */
export function useSeesEveryProperty(): boolean {
  const { user } = useCurrentUser();
  return Boolean(user && isManagerRole(user.role) && user.seesEveryProperty !== false);
}
