import type { TFunction } from 'i18next';
import { normaliseRole, type Role } from '#shared/enums';
import type { TeamMember } from '../api/get-team';

/** Badge label key per role: CEO / Manager / Staff; unknown roles read as Staff (SPEC point 3). */
const ROLE_LABEL_KEYS: Record<Role, string> = {
  ceo: 'team.roles.ceo',
  operational_manager: 'team.roles.manager',
  staff: 'team.roles.staff',
  owner: 'team.roles.owner',
};

export function roleOf(member: Pick<TeamMember, 'role'>): Role {
  return normaliseRole(member.role);
}

export function roleLabel(t: TFunction, member: Pick<TeamMember, 'role'>): string {
  return t(ROLE_LABEL_KEYS[roleOf(member)]);
}

export function memberName(member: TeamMember): string {
  return [member.firstName, member.lastName].filter(Boolean).join(' ').trim() || member.email;
}
