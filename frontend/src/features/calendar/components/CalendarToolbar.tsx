import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ChevronLeftRoundedIcon from '#icons/ChevronLeftRounded';
import ChevronRightRoundedIcon from '#icons/ChevronRightRounded';
import { useTranslation } from 'react-i18next';
import { PORTFOLIO_WINDOWS } from '#shared/portfolio-windows';

export interface CalendarNavigationProps {
  days: number;
  disabled: boolean;
  onPrevious: () => void;
  onToday: () => void;
  onNext: () => void;
  onDays: (days: number) => void;
}

/** Previous days, today, next days, and how many days are shown. */
export function CalendarNavigation({ days, disabled, onPrevious, onToday, onNext, onDays }: CalendarNavigationProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }} component="nav" aria-label={t('portfolioCalendar.navigation')}>
      <IconButton onClick={onPrevious} disabled={disabled} aria-label={t('portfolioCalendar.previous')} data-testid="portfolio-previous">
        <ChevronLeftRoundedIcon />
      </IconButton>
      <Button variant="outlined" onClick={onToday} disabled={disabled}>
        {t('portfolioCalendar.today')}
      </Button>
      <IconButton onClick={onNext} disabled={disabled} aria-label={t('portfolioCalendar.next')} data-testid="portfolio-next">
        <ChevronRightRoundedIcon />
      </IconButton>
      <TextField select size="small" label={t('portfolioCalendar.daysLabel')} value={days} onChange={(event) => onDays(Number(event.target.value))} sx={{ minWidth: 110 }}>
        {PORTFOLIO_WINDOWS.map((count) => (
          <MenuItem key={count} value={count}>
            {t('portfolioCalendar.daysOption', { count })}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

export interface CalendarFiltersProps {
  groups: ReadonlyArray<{ id: string; name: string }>;
  cities: readonly string[];
  owners: readonly string[];
  group: string;
  city: string;
  owner: string;
  q: string;
  onChange: (changes: { group?: string; city?: string; owner?: string; q?: string }) => void;
}

/** Property group (when the caller may list them), city, owner and a guest's name. */
export function CalendarFilters({ groups, cities, owners, group, city, owner, q, onChange }: CalendarFiltersProps) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }} role="search" aria-label={t('portfolioCalendar.filters')}>
      {groups.length > 0 && (
        <TextField select size="small" label={t('portfolioCalendar.group')} value={groups.some((candidate) => candidate.id === group) ? group : ''} onChange={(event) => onChange({ group: event.target.value })} sx={{ minWidth: 160 }}>
          <MenuItem value="">{t('portfolioCalendar.all')}</MenuItem>
          {groups.map((candidate) => (
            <MenuItem key={candidate.id} value={candidate.id}>
              {candidate.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField select size="small" label={t('portfolioCalendar.city')} value={cities.includes(city) ? city : ''} onChange={(event) => onChange({ city: event.target.value })} sx={{ minWidth: 160 }}>
        <MenuItem value="">{t('portfolioCalendar.all')}</MenuItem>
        {cities.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label={t('portfolioCalendar.owner')} value={owners.includes(owner) ? owner : ''} onChange={(event) => onChange({ owner: event.target.value })} sx={{ minWidth: 160 }}>
        <MenuItem value="">{t('portfolioCalendar.all')}</MenuItem>
        {owners.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <TextField size="small" type="search" label={t('portfolioCalendar.search')} value={q} onChange={(event) => onChange({ q: event.target.value })} sx={{ minWidth: 220 }} slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'portfolio-search' } }} />
    </Stack>
  );
}
