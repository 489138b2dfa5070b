import { memo } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isManagerRole } from '#shared/enums';
import { NAV_ITEMS, isNavItemActive } from './nav-items';

export interface NavMenuProps {
  /** Count of pending tasks; the Tasks entry shows it as a badge when above 0. */
  pendingTaskCount: number;
  /** Called after an entry is chosen (closes the phone drawer). */
  onNavigate?: () => void;
  /** The signed-in member's role: staff are not offered the office screens. */
  role?: string | null;
  /** The master account also gets the platform console. */
  isMaster?: boolean;
}

export const NavMenu = memo(function NavMenu({ pendingTaskCount, onNavigate, role, isMaster }: NavMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  return (
    <Box component="nav" aria-label={t('nav.label')}>
    <List dense sx={{ px: 1.5, py: 1, display: 'grid', gap: 0.25 }}>
      {NAV_ITEMS.filter((item) => (!item.officeOnly || isManagerRole(role)) && (!item.masterOnly || isMaster) && (!item.ceoOnly || role === 'ceo')).map(({ key, path, icon: Icon }) => {
        const active = isNavItemActive(pathname, path);
        const badge = key === 'tasks' && pendingTaskCount > 0;
        return (
          <ListItem key={key} disablePadding>
            <ListItemButton
              component={RouterLink}
              to={path}
              selected={active}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
            >
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText
                primary={t(`nav.${key}`)}
                slotProps={{ primary: { sx: { fontWeight: active ? 600 : 500, fontSize: '0.875rem' } } }}
              />
              {badge && (
                <Chip
                  label={pendingTaskCount > 99 ? '99+' : pendingTaskCount}
                  size="small"
                  color="error"
                  aria-label={t('nav.pendingTasks', { count: pendingTaskCount })}
                  sx={{ height: 20, minWidth: 20, fontSize: '0.7rem', '& .MuiChip-label': { px: 0.75 } }}
                />
              )}
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
    </Box>
  );
});
