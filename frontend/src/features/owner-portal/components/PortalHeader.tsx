import { Suspense, lazy, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '#icons/LockOutlined';
import LogoutRoundedIcon from '#icons/LogoutRounded';
import NotificationsNoneRoundedIcon from '#icons/NotificationsNoneRounded';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { userInitials } from '#shared/rules';
import { BrandLogo } from '../../../components/ui/BrandLogo';
import { LanguageSwitcher } from '../../../components/ui/LanguageSwitcher';
import { serverUrls } from '../../../config/paths';
import type { CurrentUser } from '../../auth/api/get-current-user';
import type { OwnerOverview } from '../api/types';
import { OWNER_PATHS, ownerNoticeLink } from '../utils/portal-paths';

// The owner's in-app notifications (repairs to approve, answers to stay requests): its own chunk.
const NotificationBell = lazy(() => import('../../inbox/components/NotificationBell'));

export interface PortalHeaderProps {
  user: CurrentUser;
  company: OwnerOverview['company'] | undefined;
}

/** The portal's top bar: the managing company, the language, and the owner's account menu. */
export function PortalHeader({ user, company }: PortalHeaderProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
  const close = () => setAnchor(null);
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1.5, maxWidth: 1200, width: '100%', mx: 'auto', px: { xs: 2, md: 3 } }}>
        {company?.logoUrl ? (
          <Box component="img" src={company.logoUrl} alt="" sx={{ width: 32, height: 32, borderRadius: 1, objectFit: 'contain' }} />
        ) : (
          <BrandLogo compact size="small" />
        )}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography component="p" variant="subtitle1" noWrap sx={{ fontWeight: 700, lineHeight: 1.2 }} data-testid="owner-portal-company">
            {company?.name ?? t('common.appName')}
          </Typography>
          <Typography component="p" variant="caption" noWrap sx={{ color: 'text.secondary' }}>
            {t('ownerPortal.header.portal')}
          </Typography>
        </Box>
        <LanguageSwitcher />
        <Suspense fallback={null}>
          <NotificationBell settingsPath={OWNER_PATHS.notifications} linkFor={ownerNoticeLink} />
        </Suspense>
        <IconButton
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={t('ownerPortal.header.account', { name })}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          size="small"
        >
          <Avatar src={user.profileImageUrl ?? undefined} alt="" sx={{ width: 34, height: 34, bgcolor: 'primary.main', fontSize: '0.9rem' }}>
            {userInitials(user.firstName, user.lastName)}
          </Avatar>
        </IconButton>
        <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
          <Box sx={{ px: 2, py: 1 }}>
            <Typography variant="subtitle2">{name}</Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('common.roles.owner')}
            </Typography>
          </Box>
          <Divider />
          <MenuItem component={RouterLink} to={OWNER_PATHS.security} onClick={close}>
            <ListItemIcon>
              <LockOutlinedIcon fontSize="small" />
            </ListItemIcon>
            {t('ownerPortal.header.security')}
          </MenuItem>
          <MenuItem component={RouterLink} to={OWNER_PATHS.notifications} onClick={close}>
            <ListItemIcon>
              <NotificationsNoneRoundedIcon fontSize="small" />
            </ListItemIcon>
            {t('ownerPortal.header.notifications')}
          </MenuItem>
          <MenuItem onClick={() => (window.location.href = serverUrls.logout)}>
            <ListItemIcon>
              <LogoutRoundedIcon fontSize="small" />
            </ListItemIcon>
            {t('shell.logout')}
          </MenuItem>
        </Menu>
      </Toolbar>
    </AppBar>
  );
}
