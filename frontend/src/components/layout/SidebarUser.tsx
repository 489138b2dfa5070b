import { memo } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import LogoutRoundedIcon from '#icons/LogoutRounded';
import NotificationsActiveOutlinedIcon from '#icons/NotificationsActiveOutlined';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ROLES } from '#shared/enums';
import { roleDisplay, userInitials } from '#shared/rules';
import { paths } from '../../config/paths';
import type { ShellUser } from './shell-types';

export interface SidebarUserProps {
  user: ShellUser;
  onLogout: () => void;
}

/** The three known roles get their translated label; others read as the raw role with spaces. */
export function roleLabel(t: TFunction, role: string | null | undefined): string {
  if (!role) return t('common.roles.staff');
  if ((ROLES as readonly string[]).includes(role)) return t(`common.roles.${role}`);
  return roleDisplay(role);
}

export function fullName(user: ShellUser, fallback: string): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || fallback;
}

/** The sidebar footer: avatar, full name, role, the member's own notification settings and the logout button. */
export const SidebarUser = memo(function SidebarUser({ user, onLogout }: SidebarUserProps) {
  const { t } = useTranslation();
  const name = fullName(user, t('common.user'));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.5 }}>
      <Avatar
        src={user.profileImageUrl ?? undefined}
        alt={t('shell.user.photoAlt', { name })}
        sx={{ width: 36, height: 36, bgcolor: 'primary.main' }}
      >
        {userInitials(user.firstName, user.lastName)}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle2" component="p" noWrap title={user.email ?? name}>
          {name}
        </Typography>
        <Typography variant="caption" noWrap component="p" sx={{ color: 'text.secondary' }}>
          {roleLabel(t, user.role)}
        </Typography>
      </Box>
      <Tooltip title={t('shell.myNotifications')}>
        <IconButton component={RouterLink} to={paths.myNotifications} aria-label={t('shell.myNotifications')} size="small" sx={{ color: 'text.secondary' }}>
          <NotificationsActiveOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('shell.logout')}>
        <IconButton onClick={onLogout} aria-label={t('shell.logout')} size="small" sx={{ color: 'text.secondary' }}>
          <LogoutRoundedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
});
