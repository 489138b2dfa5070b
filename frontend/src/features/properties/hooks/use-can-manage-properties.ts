import { isManagerRole } from '#shared/enums';
import { useCurrentUser } from '../../auth/api/get-current-user';

/** Whether the signed-in user may add and edit properties (the route table's MANAGERS in functions/routes.ts). */
export function useCanManageProperties(): boolean {
  const { user } = useCurrentUser();
  return Boolean(user && isManagerRole(user.role));
}
