// The week of the shifts screen: previous / this / next week, and its seven days (Monday to
// Sunday, the company's calendar) as buttons, today marked, each with how many teams it has.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ChevronLeftRoundedIcon from '#icons/ChevronLeftRounded';
import ChevronRightRoundedIcon from '#icons/ChevronRightRounded';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat, localeOf } from '../../../lib/intl';

/** A calendar date (YYYY-MM-DD) in the interface language, whatever the browser's zone (read at UTC noon). */
export function formatDate(day: string, language: string, options: Intl.DateTimeFormatOptions): string {
  return dateTimeFormat(localeOf(language), { ...options, timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}

export interface ShiftWeekStripProps {
  days: string[];
  today: string;
  selected: string;
  /** Teams scheduled per day (all three shifts). */
  teamsByDay: Record<string, number>;
  onSelect: (day: string) => void;
  onPrevious: () => void;
  onThisWeek: () => void;
  onNext: () => void;
  disabled: boolean;
}

export function ShiftWeekStrip({ days, today, selected, teamsByDay, onSelect, onPrevious, onThisWeek, onNext, disabled }: ShiftWeekStripProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const holdsToday = days.includes(today);
  const range = days.length ? t('shifts.week.range', { from: formatDate(days[0], language, { day: 'numeric', month: 'short' }), to: formatDate(days[6], language, { day: 'numeric', month: 'short', year: 'numeric' }) }) : '';
  return (
    <Card sx={{ p: { xs: 1, sm: 1.5 } }} data-testid="shift-week">
      <Box component="nav" aria-label={t('shifts.week.navigation')} sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <IconButton onClick={onPrevious} disabled={disabled} aria-label={t('shifts.week.previous')}>
          <ChevronLeftRoundedIcon />
        </IconButton>
        <Typography variant="subtitle1" component="p" sx={{ flex: 1, textAlign: 'center', fontWeight: 600 }} data-testid="shift-week-range" aria-live="polite">
          {holdsToday ? t('shifts.week.thisWeekRange', { range }) : range}
        </Typography>
        {!holdsToday && (
          <Button size="small" variant="outlined" onClick={onThisWeek} disabled={disabled}>
            {t('shifts.week.thisWeek')}
          </Button>
        )}
        <IconButton onClick={onNext} disabled={disabled} aria-label={t('shifts.week.next')}>
          <ChevronRightRoundedIcon />
        </IconButton>
      </Box>
      <Box role="group" aria-label={t('shifts.week.days')} sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: { xs: 0.5, sm: 1 } }}>
        {days.map((day) => {
          const isToday = day === today;
          const isSelected = day === selected;
          const teams = teamsByDay[day] ?? 0;
          const teamsText = t('shifts.week.teams', { count: teams });
          return (
            <ButtonBase
              key={day}
              onClick={() => onSelect(day)}
              aria-pressed={isSelected}
              aria-current={isToday ? 'date' : undefined}
              aria-label={`${formatDate(day, language, { weekday: 'long', day: 'numeric', month: 'long' })}${isToday ? ` (${t('shifts.week.today')})` : ''}: ${teamsText}`}
              data-testid={`shift-day-${day}`}
              sx={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                gap: 0.25,
                minHeight: 64,
                py: 0.75,
                borderRadius: 2,
                border: 2,
                borderColor: isSelected ? 'primary.main' : isToday ? 'primary.light' : 'divider',
                bgcolor: isSelected ? 'primary.main' : 'transparent',
                color: isSelected ? 'primary.contrastText' : 'text.primary',
                '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.dark', outlineOffset: 2 },
              }}
            >
              <Typography variant="caption" component="span" sx={{ textTransform: 'capitalize', lineHeight: 1.2, color: 'inherit', opacity: 0.85 }}>
                {formatDate(day, language, { weekday: 'short' }).replace(/\.$/, '')}
              </Typography>
              <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.1rem', lineHeight: 1.2, color: 'inherit' }}>
                {formatDate(day, language, { day: 'numeric' })}
              </Typography>
              <Typography variant="caption" component="span" aria-hidden sx={{ lineHeight: 1.1, fontWeight: isToday ? 700 : 400, color: isSelected ? 'inherit' : isToday ? 'primary.main' : 'text.secondary', minHeight: '1.1em' }}>
                {isToday ? t('shifts.week.today') : teams > 0 ? '•'.repeat(Math.min(teams, 3)) : ''}
              </Typography>
            </ButtonBase>
          );
        })}
      </Box>
    </Card>
  );
}
