import { useEffect, useRef } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { OWNER_NAV, OWNER_PATHS } from '../utils/portal-paths';

export interface PortalNavProps {
  pendingApprovals: number;
  pendingStayRequests: number;
}

/**
 * The portal's own navigation (owners never see the members' sidebar): a row of links that scrolls
 * sideways on a phone. The current page is marked (aria-current) and underlined.
 */
export function PortalNav({ pendingApprovals, pendingStayRequests }: PortalNavProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const counts: Partial<Record<string, number>> = { approvals: pendingApprovals, stays: pendingStayRequests };
  // On a phone the row scrolls: the current page's link is brought into view.
  const activeRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <Box component="nav" aria-label={t('ownerPortal.nav.label')} sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, px: { xs: 1, md: 3 }, display: 'flex', gap: 0.5, overflowX: 'auto', maxWidth: 1200, mx: 'auto' }}>
        {OWNER_NAV.map((page) => {
          const path = OWNER_PATHS[page];
          const active = page === 'overview' ? pathname === path : pathname.startsWith(path);
          const count = counts[page] ?? 0;
          const label = t(`ownerPortal.nav.${page}`);
          return (
            <Box component="li" key={page} sx={{ flexShrink: 0 }}>
              <ButtonBase
                component={RouterLink}
                to={path}
                ref={active ? activeRef : undefined}
                aria-current={active ? 'page' : undefined}
                aria-label={count ? t('ownerPortal.nav.withCount', { label, count }) : undefined}
                sx={{
                  px: 1.5,
                  py: 1.5,
                  pr: count ? 3 : 1.5,
                  fontSize: '0.875rem',
                  fontWeight: active ? 700 : 500,
                  color: active ? 'primary.main' : 'text.secondary',
                  borderBottom: 3,
                  borderColor: active ? 'primary.main' : 'transparent',
                  '&:hover': { color: 'text.primary' },
                  '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
                }}
              >
                <Badge color="error" badgeContent={count} max={99} sx={{ '& .MuiBadge-badge': { right: -12, top: 2 } }}>
                  {label}
                </Badge>
              </ButtonBase>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
