import { useState, type FormEvent } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import NotificationsNoneRoundedIcon from '@mui/icons-material/NotificationsNoneRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';

/** SPEC "Dashboard": the bell carries a fixed badge of 3. */
export const NOTIFICATION_BADGE_COUNT = 3;

export interface DashboardHeaderProps {
  /** The user's first name; "User" when absent. */
  firstName: string | null | undefined;
}

/**
 * Greeting with the first name, a task search (by title: opens the Tasks screen with `?q=`) and the
 * notification bell, which leads to /notifications.
 */
export function DashboardHeader({ firstName }: DashboardHeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const name = firstName?.trim() || t('common.user');

  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    navigate(q ? `${paths.tasks}?q=${encodeURIComponent(q)}` : paths.tasks);
  };

  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        alignItems: { xs: 'stretch', md: 'center' },
        justifyContent: 'space-between',
        gap: 2,
        mb: 3,
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h4" component="h1">
          {t('dashboard.greeting', { name })}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{t('dashboard.subtitle')}</Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box component="form" role="search" onSubmit={handleSearch} sx={{ flex: 1, minWidth: 0 }}>
          <TextField
            type="search"
            size="small"
            fullWidth
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('dashboard.search.placeholder')}
            sx={{ width: { md: 300 }, bgcolor: 'background.paper' }}
            slotProps={{
              htmlInput: { 'aria-label': t('dashboard.search.label') },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRoundedIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>
        <Tooltip title={t('dashboard.notifications.tooltip')}>
          <IconButton
            component={RouterLink}
            to={paths.notifications}
            aria-label={t('dashboard.notifications.label', { count: NOTIFICATION_BADGE_COUNT })}
            sx={{ border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
          >
            <Badge badgeContent={NOTIFICATION_BADGE_COUNT} color="error">
              <NotificationsNoneRoundedIcon />
            </Badge>
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}
