import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '#icons/AddRounded';
import ChevronLeftRoundedIcon from '#icons/ChevronLeftRounded';
import ChevronRightRoundedIcon from '#icons/ChevronRightRounded';
import { useTranslation } from 'react-i18next';
import { addMonths } from '../../utils/calendar';

export interface CalendarHeaderProps {
  month: string;
  /** The month as the interface writes it ("March 2026"). */
  title: string;
  /** The month holding the company's today. */
  currentMonth: string;
  onMonthChange: (month: string) => void;
  onAddReservation?: () => void;
}

/** Previous / next month, the month's name, back to today, and "Add reservation" (CEO and managers). */
export function CalendarHeader({ month, title, currentMonth, onMonthChange, onAddReservation }: CalendarHeaderProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: { xs: 1.5, sm: 2.5 }, py: 1.5 }}>
      <IconButton size="small" onClick={() => onMonthChange(addMonths(month, -1))} aria-label={t('reservations.calendar.previous')}>
        <ChevronLeftRoundedIcon />
      </IconButton>
      <Typography component="p" variant="subtitle1" sx={{ fontWeight: 600, minWidth: { xs: 0, sm: 168 }, textAlign: 'center' }} aria-live="polite" data-testid="calendar-month">
        {title}
      </Typography>
      <IconButton size="small" onClick={() => onMonthChange(addMonths(month, 1))} aria-label={t('reservations.calendar.next')}>
        <ChevronRightRoundedIcon />
      </IconButton>
      <Button size="small" variant="outlined" color="inherit" onClick={() => onMonthChange(currentMonth)} disabled={currentMonth === month} sx={{ ml: 0.5 }}>
        {t('reservations.calendar.today')}
      </Button>
      {onAddReservation && (
        <Button size="small" variant="contained" startIcon={<AddRoundedIcon />} onClick={onAddReservation} sx={{ ml: 'auto' }}>
          {t('reservations.add')}
        </Button>
      )}
    </Box>
  );
}
