import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ChevronLeftRoundedIcon from '#icons/ChevronLeftRounded';
import ChevronRightRoundedIcon from '#icons/ChevronRightRounded';
import { useTranslation } from 'react-i18next';

export interface WeekNavigationProps {
  /** 'rolling': seven days from a day ("Today", previous / next 7 days); else the calendar week. */
  view?: 'week' | 'rolling';
  onPrevious: () => void;
  onToday: () => void;
  onNext: () => void;
  disabled: boolean;
}

/** Previous week, this week, next week (a rolling board: the seven days before, from today, after). */
export function WeekNavigation({ view = 'week', onPrevious, onToday, onNext, disabled }: WeekNavigationProps) {
  const { t } = useTranslation();
  const rolling = view === 'rolling';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} component="nav" aria-label={t('dispatch.weekNavigation')}>
      <IconButton onClick={onPrevious} disabled={disabled} aria-label={t(rolling ? 'dispatch.previousDays' : 'dispatch.previousWeek')}>
        <ChevronLeftRoundedIcon />
      </IconButton>
      <Button variant="outlined" onClick={onToday} disabled={disabled}>
        {t(rolling ? 'dispatch.fromToday' : 'dispatch.thisWeek')}
      </Button>
      <IconButton onClick={onNext} disabled={disabled} aria-label={t(rolling ? 'dispatch.nextDays' : 'dispatch.nextWeek')}>
        <ChevronRightRoundedIcon />
      </IconButton>
    </Stack>
  );
}
