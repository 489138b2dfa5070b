import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ChevronLeftRoundedIcon from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import { useTranslation } from 'react-i18next';

export interface WeekNavigationProps {
  onPrevious: () => void;
  onToday: () => void;
  onNext: () => void;
  disabled: boolean;
}

/** Previous week, this week, next week. */
export function WeekNavigation({ onPrevious, onToday, onNext, disabled }: WeekNavigationProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} component="nav" aria-label={t('dispatch.weekNavigation')}>
      <IconButton onClick={onPrevious} disabled={disabled} aria-label={t('dispatch.previousWeek')}>
        <ChevronLeftRoundedIcon />
      </IconButton>
      <Button variant="outlined" onClick={onToday} disabled={disabled}>
        {t('dispatch.thisWeek')}
      </Button>
      <IconButton onClick={onNext} disabled={disabled} aria-label={t('dispatch.nextWeek')}>
        <ChevronRightRoundedIcon />
      </IconButton>
    </Stack>
  );
}
