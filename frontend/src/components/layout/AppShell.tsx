import { useCallback, useState, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import MenuRoundedIcon from '#icons/MenuRounded';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../ui/BrandLogo';
import { Sidebar, type SidebarProps } from './Sidebar';
import { SIDEBAR_WIDTH } from './shell-types';

export interface AppShellProps extends Omit<SidebarProps, 'onNavigate'> {
  /** The screen. */
  children: ReactNode;
}

const MAIN_ID = 'main-content';

/**
 * The authenticated frame: a fixed 16rem sidebar from `md` up; on phones an app bar whose menu
 * button opens the same sidebar as a temporary drawer. Only the frame of the current width is
 * drawn (a phone does not build the hidden permanent sidebar: less work before the first screen).
 */
export function AppShell({ children, headerActions, ...sidebar }: AppShellProps) {
  const { t } = useTranslation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const closeMobile = useCallback(() => setMobileOpen(false), []);
  // noSsr: the first render already knows the width (no second render, no layout shift).
  const desktop = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
      <Link
        href={`#${MAIN_ID}`}
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (theme) => theme.zIndex.tooltip,
          px: 2,
          py: 1,
          bgcolor: 'background.paper',
          borderRadius: 1,
          boxShadow: 3,
          '&:focus': { top: 8 },
        }}
      >
        {t('shell.skipToContent')}
      </Link>

      <Box component="aside" sx={{ width: { md: SIDEBAR_WIDTH }, flexShrink: { md: 0 } }}>
        {desktop ? (
          <Drawer variant="permanent" open slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } } }}>
            <Sidebar {...sidebar} headerActions={headerActions} />
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={closeMobile}
            slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH, maxWidth: '85vw' } } }}
          >
            <Sidebar {...sidebar} onNavigate={closeMobile} />
          </Drawer>
        )}
      </Box>

      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {!desktop && (
          <AppBar position="sticky">
            <Toolbar sx={{ gap: 1 }}>
              <IconButton
                edge="start"
                onClick={() => setMobileOpen(true)}
                aria-label={t('shell.openMenu')}
                aria-expanded={mobileOpen ? 'true' : undefined}
              >
                <MenuRoundedIcon />
              </IconButton>
              <BrandLogo size="small" />
              <Box sx={{ ml: 'auto' }}>{headerActions}</Box>
            </Toolbar>
          </AppBar>
        )}
        <Box
          component="main"
          id={MAIN_ID}
          tabIndex={-1}
          sx={{
            flex: 1,
            width: '100%',
            maxWidth: 1440,
            mx: 'auto',
            px: { xs: 2, sm: 3, md: 4 },
            py: { xs: 3, md: 4 },
            outline: 'none',
          }}
        >
          {children}
        </Box>
      </Box>
    </Box>
  );
}
