import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchRoundedIcon from '#icons/SearchRounded';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';

export interface DashboardHeaderProps {
  /** The user's first name; "User" when absent. */
  firstName: string | null | undefined;
}

/**
 * Greeting with the first name and a task search (by title: opens the Tasks screen with `?q=`). The
 * notification bell is the shell's (on every screen, for every role: features/inbox), not a fixed badge.
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
      </Box>
    </Box>
  );
}
