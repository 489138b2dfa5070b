import { Fragment, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import type { SxProps } from '@mui/material/styles';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ChevronLeftRoundedIcon from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import CleaningServicesRoundedIcon from '@mui/icons-material/CleaningServicesRounded';
import HandymanRoundedIcon from '@mui/icons-material/HandymanRounded';
import LocalLaundryServiceRoundedIcon from '@mui/icons-material/LocalLaundryServiceRounded';
import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TaskType } from '#shared/enums';
import { usePropertyCalendar } from '../api/get-calendar';
import type { CalendarBlock, CalendarTask, ReservationView } from '../api/types';
import { addMonths, dayInZone, monthOfDay, monthWeeks, weekSegments, type Segment } from '../utils/calendar';
import { formatDay, formatMonth, sourceName, weekStartOf, weekdayNames } from '../utils/format';
import { reservationState } from './ReservationStatusChip';

const TASK_ICONS: Record<TaskType, ComponentType<SvgIconProps>> = {
  cleaning: CleaningServicesRoundedIcon,
  maintenance: HandymanRoundedIcon,
  laundry: LocalLaundryServiceRoundedIcon,
};

const LANE_HEIGHT = 24;

type Bar = { kind: 'reservation'; start: string; end: string; reservation: ReservationView } | { kind: 'block'; start: string; end: string; block: CalendarBlock };

/** This month (YYYY-MM) on the browser's calendar: where the calendar opens. */
export function currentMonth(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

export interface PropertyCalendarProps {
  propertyId: string;
  month: string;
  onMonthChange: (month: string) => void;
  /** A stay was clicked. */
  onOpenReservation: (reservation: ReservationView) => void;
  /** Shown (CEO and managers) as "Add reservation". */
  onAddReservation?: () => void;
}

const barColors = (theme: Theme, bar: Bar) => {
  if (bar.kind === 'block') {
    return {
      color: theme.palette.grey[700],
      backgroundColor: theme.palette.grey[200],
      backgroundImage: `repeating-linear-gradient(135deg, transparent 0 6px, ${alpha(theme.palette.grey[400], 0.45)} 6px 8px)`,
    };
  }
  const state = reservationState(bar.reservation);
  if (state === 'cancelled') return { color: theme.palette.grey[600], backgroundColor: theme.palette.grey[100], border: `1px dashed ${theme.palette.grey[400]}`, textDecoration: 'line-through' };
  if (state === 'missing') return { color: '#fff', backgroundColor: theme.palette.warning.main };
  return { color: '#fff', backgroundColor: theme.palette.primary.main };
};

/**
 * A month of the property: stays as bars from the afternoon of check-in to the morning of
 * check-out, owner blocks of its feeds, and tasks (turnover cleanings…) on their due day, read in
 * the company's time zone, today highlighted. Stays open their dialog; tasks open `/tasks/:id`.
 */
export function PropertyCalendar({ propertyId, month, onMonthChange, onOpenReservation, onAddReservation }: PropertyCalendarProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const { calendar, isLoading, error } = usePropertyCalendar(propertyId, month);
  const shown = calendar?.month === month ? calendar : undefined;
  const timeZone = calendar?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const today = dayInZone(new Date(), timeZone);
  const weekStartsOn = weekStartOf(language);
  const weeks = useMemo(() => monthWeeks(month, weekStartsOn), [month, weekStartsOn]);
  const names = weekdayNames(language, weekStartsOn);
  const narrowNames = weekdayNames(language, weekStartsOn, 'narrow');

  const bars: Bar[] = useMemo(
    () => [
      ...(shown?.reservations ?? []).map((reservation) => ({ kind: 'reservation' as const, start: reservation.checkinDay, end: reservation.checkoutDay, reservation })),
      ...(shown?.blocks ?? []).map((block) => ({ kind: 'block' as const, start: block.start, end: block.end, block })),
    ],
    [shown],
  );
  const tasksByDay = useMemo(() => {
    const byDay = new Map<string, CalendarTask[]>();
    for (const task of shown?.tasks ?? []) {
      if (!task.dueDate) continue;
      const day = dayInZone(task.dueDate, timeZone);
      byDay.set(day, [...(byDay.get(day) ?? []), task]);
    }
    return byDay;
  }, [shown, timeZone]);

  const reservationLabel = (reservation: ReservationView) =>
    t('reservations.calendar.reservationLabel', {
      guest: reservation.guestName,
      checkin: formatDay(reservation.checkinDay, language),
      checkout: formatDay(reservation.checkoutDay, language),
      status: t(`reservations.status.${reservationState(reservation)}`),
    });

  const renderBar = (segment: Segment<Bar>) => {
    const bar = segment.item;
    const sx: SxProps<Theme> = (theme) => ({
      gridRow: segment.lane + 2,
      gridColumn: `${segment.startLine} / ${segment.endLine}`,
      zIndex: 1,
      alignSelf: 'center',
      height: LANE_HEIGHT - 4,
      mx: '2px',
      px: { xs: 0.5, sm: 0.75 },
      minWidth: 0,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'flex-start',
      overflow: 'hidden',
      borderRadius: 1,
      ...(segment.continuesBefore && { borderTopLeftRadius: 0, borderBottomLeftRadius: 0, ml: 0 }),
      ...(segment.continuesAfter && { borderTopRightRadius: 0, borderBottomRightRadius: 0, mr: 0 }),
      fontSize: { xs: '0.6875rem', sm: '0.75rem' },
      fontWeight: 600,
      lineHeight: 1.2,
      whiteSpace: 'nowrap',
      textOverflow: 'ellipsis',
      ...barColors(theme, bar),
    });
    if (bar.kind === 'block') {
      const label = t('reservations.calendar.blockLabel', { source: sourceName(t, bar.block.source), summary: bar.block.summary });
      return (
        <Tooltip key={`block-${bar.block.feedId}-${bar.block.start}-${segment.startLine}`} title={label}>
          <Box sx={sx} data-testid="calendar-block" role="img" aria-label={label}>
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }} aria-hidden>
              {t('reservations.calendar.blocked')}
            </Box>
          </Box>
        </Tooltip>
      );
    }
    const label = reservationLabel(bar.reservation);
    return (
      <ButtonBase
        key={`${bar.reservation.id}-${segment.startLine}`}
        onClick={() => onOpenReservation(bar.reservation)}
        sx={sx}
        aria-label={label}
        title={label}
        data-testid="calendar-reservation"
        data-reservation-id={bar.reservation.id}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }} aria-hidden>
          {bar.reservation.guestName}
        </Box>
      </ButtonBase>
    );
  };

  const renderTask = (task: CalendarTask) => {
    const Icon = TASK_ICONS[task.type] ?? CleaningServicesRoundedIcon;
    const closed = task.status === 'completed' || task.status === 'cancelled';
    const label = t('reservations.calendar.taskLabel', { title: task.title, status: t(`reservations.taskStatus.${task.status}`, { defaultValue: task.status }) });
    return (
      <Box
        component={RouterLink}
        key={task.id}
        to={`/tasks/${encodeURIComponent(task.id)}`}
        aria-label={label}
        title={label}
        data-testid="calendar-task"
        data-task-id={task.id}
        data-status={task.status}
        sx={(theme) => ({
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          minWidth: 0,
          px: { xs: 0.25, sm: 0.5 },
          py: 0.25,
          borderRadius: 1,
          fontSize: '0.6875rem',
          lineHeight: 1.3,
          textDecoration: task.status === 'cancelled' ? 'line-through' : 'none',
          color: closed ? theme.palette.text.secondary : theme.palette.secondary.dark,
          backgroundColor: closed ? theme.palette.grey[100] : alpha(theme.palette.secondary.main, 0.12),
          justifyContent: { xs: 'center', sm: 'flex-start' },
          '&:hover, &:focus-visible': { backgroundColor: alpha(theme.palette.secondary.main, 0.22) },
        })}
      >
        <Icon sx={{ fontSize: 14, flexShrink: 0 }} aria-hidden />
        <Box component="span" sx={{ display: { xs: 'none', sm: 'block' }, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} aria-hidden>
          {task.title}
        </Box>
      </Box>
    );
  };

  const monthTitle = formatMonth(month, language);

  return (
    <Box data-testid="property-calendar" data-month={month}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: { xs: 1.5, sm: 2.5 }, py: 1.5 }}>
        <IconButton size="small" onClick={() => onMonthChange(addMonths(month, -1))} aria-label={t('reservations.calendar.previous')}>
          <ChevronLeftRoundedIcon />
        </IconButton>
        <Typography component="p" variant="subtitle1" sx={{ fontWeight: 600, minWidth: { xs: 0, sm: 168 }, textAlign: 'center' }} aria-live="polite" data-testid="calendar-month">
          {monthTitle}
        </Typography>
        <IconButton size="small" onClick={() => onMonthChange(addMonths(month, 1))} aria-label={t('reservations.calendar.next')}>
          <ChevronRightRoundedIcon />
        </IconButton>
        <Button size="small" variant="outlined" color="inherit" onClick={() => onMonthChange(monthOfDay(today))} disabled={monthOfDay(today) === month} sx={{ ml: 0.5 }}>
          {t('reservations.calendar.today')}
        </Button>
        {onAddReservation && (
          <Button size="small" variant="contained" startIcon={<AddRoundedIcon />} onClick={onAddReservation} sx={{ ml: 'auto' }}>
            {t('reservations.add')}
          </Button>
        )}
      </Box>
      <Box sx={{ height: 4 }}>{isLoading || (calendar && !shown) ? <LinearProgress aria-label={t('common.loading')} /> : null}</Box>
      {error && !shown ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {t('reservations.calendar.loadError')}
        </Alert>
      ) : (
        <Box role="group" aria-label={t('reservations.calendar.label', { month: monthTitle })} sx={{ borderTop: 1, borderColor: 'divider' }}>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', borderBottom: 1, borderColor: 'divider', bgcolor: 'grey.50' }} aria-hidden>
            {names.map((name, i) => (
              <Typography key={name + i} variant="caption" sx={{ py: 0.75, textAlign: 'center', color: 'text.secondary', fontWeight: 600, textTransform: 'capitalize' }}>
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                  {name.replace(/\.$/, '')}
                </Box>
                <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
                  {narrowNames[i]}
                </Box>
              </Typography>
            ))}
          </Box>
          {weeks.map((week) => {
            const { segments, lanes } = weekSegments(week, bars);
            const tasksRow = lanes + 2;
            return (
              <Box
                key={week[0]}
                data-testid="calendar-week"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'repeat(14, minmax(0, 1fr))',
                  gridTemplateRows: `auto ${lanes ? `repeat(${lanes}, ${LANE_HEIGHT}px)` : ''} 1fr`,
                  minHeight: { xs: 72, sm: 96 },
                  borderBottom: 1,
                  borderColor: 'divider',
                  '&:last-of-type': { borderBottom: 0 },
                }}
              >
                {week.map((day, i) => {
                  const inMonth = monthOfDay(day) === month;
                  const isToday = day === today;
                  return (
                    <Fragment key={day}>
                      <Box
                        sx={(theme) => ({
                          gridRow: '1 / -1',
                          gridColumn: `${2 * i + 1} / span 2`,
                          borderRight: i < 6 ? `1px solid ${theme.palette.divider}` : 0,
                          bgcolor: isToday ? alpha(theme.palette.primary.main, 0.07) : inMonth ? 'background.paper' : 'grey.50',
                        })}
                      />
                      <Box
                        sx={{ gridRow: 1, gridColumn: `${2 * i + 1} / span 2`, display: 'flex', justifyContent: { xs: 'center', sm: 'flex-start' }, px: { xs: 0, sm: 0.75 }, pt: 0.5, pb: 0.25, zIndex: 1 }}
                        data-testid="calendar-day"
                        data-day={day}
                        data-today={isToday || undefined}
                      >
                        <Typography
                          component="span"
                          variant="caption"
                          aria-current={isToday ? 'date' : undefined}
                          aria-label={formatDay(day, language, { dateStyle: 'full' })}
                          sx={{
                            width: 22,
                            height: 22,
                            display: 'grid',
                            placeItems: 'center',
                            borderRadius: '50%',
                            fontWeight: isToday ? 700 : 500,
                            color: isToday ? 'primary.contrastText' : inMonth ? 'text.primary' : 'text.disabled',
                            bgcolor: isToday ? 'primary.main' : 'transparent',
                          }}
                        >
                          {Number(day.slice(8, 10))}
                        </Typography>
                      </Box>
                      {(tasksByDay.get(day)?.length ?? 0) > 0 && (
                        <Box
                          sx={{ gridRow: tasksRow, gridColumn: `${2 * i + 1} / span 2`, display: 'grid', alignContent: 'start', gap: 0.25, p: 0.25, minWidth: 0, zIndex: 1 }}
                          data-testid="calendar-day-tasks"
                          data-day={day}
                        >
                          {tasksByDay.get(day)!.map(renderTask)}
                        </Box>
                      )}
                    </Fragment>
                  );
                })}
                {segments.map(renderBar)}
              </Box>
            );
          })}
        </Box>
      )}
      <Box
        component="ul"
        sx={{ listStyle: 'none', m: 0, px: { xs: 1.5, sm: 2.5 }, py: 1.25, display: 'flex', flexWrap: 'wrap', gap: { xs: 1, sm: 2 }, borderTop: 1, borderColor: 'divider' }}
        aria-label={t('reservations.calendar.legend')}
      >
        {(
          [
            ['reservation', (theme: Theme) => ({ backgroundColor: theme.palette.primary.main })],
            ['missing', (theme: Theme) => ({ backgroundColor: theme.palette.warning.main })],
            ['block', (theme: Theme) => barColors(theme, { kind: 'block', start: '', end: '', block: { start: '', end: '', summary: '', feedId: '', source: 'ical' } })],
            ['task', (theme: Theme) => ({ backgroundColor: alpha(theme.palette.secondary.main, 0.3) })],
          ] as const
        ).map(([key, swatch]) => (
          <Box component="li" key={key} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box sx={(theme) => ({ width: 14, height: 10, borderRadius: 0.5, ...swatch(theme) })} aria-hidden />
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t(`reservations.calendar.legendItems.${key}`)}
            </Typography>
          </Box>
        ))}
        <Box component="li" sx={{ ml: { sm: 'auto' } }}>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('reservations.calendar.timezone', { zone: timeZone.replace(/_/g, ' ') })}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
