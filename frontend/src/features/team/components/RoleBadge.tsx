import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { Role } from '#shared/enums';
import type { TeamMember } from '../api/get-team';
import { roleLabel, roleOf } from './member-display';

const COLORS: Record<Role, ChipProps['color']> = {
  ceo: 'primary',
  operational_manager: 'secondary',
  staff: 'default',
  owner: 'info',
};

export interface RoleBadgeProps {
  member: Pick<TeamMember, 'role'>;
}

export function RoleBadge({ member }: RoleBadgeProps) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={COLORS[roleOf(member)]} label={roleLabel(t, member)} data-testid="role-badge" />;
}
