import type { Role } from '#shared/enums';

/** The roles in the order the screens offer them, most privileged first. */
export const ROLE_OPTIONS: readonly Role[] = ['ceo', 'operational_manager', 'staff'];

/** Label keys (team.roles.*) and what each role may do (team.roleHints.*). */
export const ROLE_KEYS: Record<Role, string> = { ceo: 'ceo', operational_manager: 'manager', staff: 'staff', owner: 'owner' };

const RANK: Record<Role, number> = { ceo: 3, operational_manager: 2, staff: 1, owner: 0 };

/** The new role takes privileges away (CEO → Manager, Manager → Staff…). */
export function lowersPrivileges(from: Role, to: Role): boolean {
  return RANK[to] < RANK[from];
}
