import { Fragment, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import CleaningServicesRoundedIcon from '#icons/CleaningServicesRounded';
import HandymanRoundedIcon from '#icons/HandymanRounded';
import FactCheckRoundedIcon from '#icons/FactCheckRounded';
import LocalLaundryServiceRoundedIcon from '#icons/LocalLaundryServiceRounded';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TaskType } from '#shared/enums';
import type { CalendarBlock, CalendarTask, ReservationView } from '../../api/types';
import type { Bar } from '../../utils/calendar-bars';
import { monthOfDay, weekSegments } from '../../utils/calendar';
import { formatDay } from '../../utils/format';
import { CalendarBar, LANE_HEIGHT } from './CalendarBar';

const TASK_ICONS: Record<TaskType, ComponentType<SvgIconProps>> = {
  cleaning: CleaningServicesRoundedIcon,
  maintenance: HandymanRoundedIcon,
  laundry: LocalLaundryServiceRoundedIcon,
  inspection: FactCheckRoundedIcon,
};

/** A task on its due day: opens `/tasks/:id`. */
function CalendarTaskLink({ task }: { task: CalendarTask }) {
  const { t } = useTranslation();
  const Icon = TASK_ICONS[task.type] ?? CleaningServicesRoundedIcon;
  const closed = task.status === 'completed' || task.status === 'cancelled';
  const label = t('reservations.calendar.taskLabel', { title: task.title, status: t(`reservations.taskStatus.${task.status}`, { defaultValue: task.status }) });
  return (
    <Box
      component={RouterLink}
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
        // teal-800: secondary.dark gave 4.3:1 on the tinted chip, under the 4.5:1 small text needs.
        color: closed ? theme.palette.text.secondary : '#115e59',
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
}

export interface CalendarWeekProps {
  week: string[];
  month: string;
  today: string;
  bars: Bar[];
  tasksByDay: Map<string, CalendarTask[]>;
  stayName: (id: string) => string;
  onOpenReservation: (reservation: ReservationView) => void;
  onOpenBlock: (block: CalendarBlock, anchor: HTMLElement) => void;
}

/**
 * A week row: 14 half-day columns (a stay's bar runs from the afternoon of its first day to the
 * morning of its last), the day numbers, a lane per overlapping bar, then the day's tasks.
 */
export function CalendarWeek({ week, month, today, bars, tasksByDay, stayName, onOpenReservation, onOpenBlock }: CalendarWeekProps) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const { segments, lanes } = weekSegments(week, bars);
  const tasksRow = lanes + 2;
  return (
    <Box
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
        const tasks = tasksByDay.get(day) ?? [];
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
            {tasks.length > 0 && (
              <Box
                sx={{ gridRow: tasksRow, gridColumn: `${2 * i + 1} / span 2`, display: 'grid', alignContent: 'start', gap: 0.25, p: 0.25, minWidth: 0, zIndex: 1 }}
                data-testid="calendar-day-tasks"
                data-day={day}
              >
                {tasks.map((task) => (
                  <CalendarTaskLink key={task.id} task={task} />
                ))}
              </Box>
            )}
          </Fragment>
        );
      })}
      {segments.map((segment) => (
        <CalendarBar
          key={`${segment.item.kind === 'block' ? segment.item.block.reservationId : segment.item.reservation.id}-${segment.startLine}`}
          segment={segment}
          stayName={stayName}
          onOpenReservation={onOpenReservation}
          onOpenBlock={onOpenBlock}
        />
      ))}
    </Box>
  );
}
