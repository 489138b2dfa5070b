import { useState, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import MenuRoundedIcon from '@mui/icons-material/MenuRounded';
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
 * button opens the same sidebar as a temporary drawer.
 */
export function AppShell({ children, ...sidebar }: AppShellProps) {
  const { t } = useTranslation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const closeMobile = () => setMobileOpen(false);

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
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={closeMobile}
          sx={{ display: { xs: 'block', md: 'none' } }}
          slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH, maxWidth: '85vw' } } }}
        >
          <Sidebar {...sidebar} onNavigate={closeMobile} />
        </Drawer>
        <Drawer
          variant="permanent"
          open
          sx={{ display: { xs: 'none', md: 'block' } }}
          slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } } }}
        >
          <Sidebar {...sidebar} />
        </Drawer>
      </Box>

      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar position="sticky" sx={{ display: { md: 'none' } }}>
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
          </Toolbar>
        </AppBar>
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
