import { memo } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import SwapHorizRoundedIcon from '#icons/SwapHorizRounded';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { PortfolioProperty, PortfolioTask } from '#shared/schemas';
import { paths } from '../../../config/paths';
import { formatDay } from '../../reservations/utils/format';
import { dayWords, leftTime, type Clock } from '../utils/describe';
import { barLines, lanesOf, matchesGuest } from '../utils/window';
import { StayBar } from './StayBar';
import { TaskMark } from './TaskMark';

export interface PortfolioRowProps {
  row: PortfolioProperty;
  index: number;
  days: readonly string[];
  columns: string;
  today: string;
  q: string;
  /** The language and the company's time zone, for when guests left. */
  clock: Clock;
  taken: ReadonlySet<string>;
  /** Day index of the focused cell when it is in this row, else -1. */
  focusDay: number;
  /** First and last chosen day indexes when the choice is in this row. */
  chosen: { first: number; last: number } | null;
  onPointerDown: (row: number, day: number, button: number) => void;
  onPointerEnter: (row: number, day: number) => void;
  onFocusCell: (row: number, day: number) => void;
}

/** Chip colours of a property's readiness (text colours with 4.5:1 on white in the app's theme). */
export const READINESS_COLOURS = { occupied: 'default', needs_cleaning: 'warning', cleaning: 'primary', needs_inspection: 'warning', ready: 'success' } as const;

/** A property's row: its name, a cell per night (free nights empty), its stays as bars and its tasks on their days. */
export const PortfolioRow = memo(function PortfolioRow({ row, index, days, columns, today, q, clock, taken, focusDay, chosen, onPointerDown, onPointerEnter, onFocusCell }: PortfolioRowProps) {
  const { t, i18n } = useTranslation();
  const from = days[0];
  const lanes = lanesOf(row.stays);
  const laneCount = Math.max(1, ...[...lanes.values()].map((lane) => lane + 1));
  const tasksByDay = new Map<string, PortfolioTask[]>();
  for (const task of row.tasks) tasksByDay.set(task.day, [...(tasksByDay.get(task.day) ?? []), task]);
  return (
    <Box role="row" aria-rowindex={index + 2} data-testid="portfolio-row" data-property={row.id} sx={{ display: 'grid', gridTemplateColumns: columns, borderBottom: 1, borderColor: 'divider', minHeight: 30 + laneCount * 24 }}>
      <Box role="rowheader" sx={{ gridColumn: 1, gridRow: 1, position: 'sticky', left: 0, zIndex: 2, bgcolor: 'background.paper', borderRight: 1, borderColor: 'divider', px: 1, py: 0.5, minWidth: 0 }}>
        <Typography component={RouterLink} to={`${paths.properties}/${encodeURIComponent(row.id)}`} variant="body2" sx={{ fontWeight: 600, color: 'text.primary', display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {row.name}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {[row.city, row.ownerName].filter(Boolean).join(' · ')}
        </Typography>
        {row.readiness && <Chip size="small" variant="outlined" color={READINESS_COLOURS[row.readiness]} label={t(`portfolioCalendar.readiness.${row.readiness}`)} sx={{ height: 18, fontSize: 11, mt: 0.25 }} data-testid="portfolio-readiness" />}
      </Box>
      {days.map((day, i) => {
        const free = !taken.has(day);
        const isChosen = Boolean(chosen && i >= chosen.first && i <= chosen.last);
        const tasks = tasksByDay.get(day) ?? [];
        const label = t('portfolioCalendar.cell.label', { property: row.name, day: formatDay(day, i18n.language, { weekday: 'long', day: 'numeric', month: 'long' }), what: dayWords(t, row, day, tasks, clock) });
        return (
          <Box
            key={day}
            role="gridcell"
            tabIndex={focusDay === i ? 0 : -1}
            aria-label={isChosen ? `${label}; ${t('portfolioCalendar.cell.chosen')}` : label}
            aria-selected={isChosen}
            data-cell={`${index}:${i}`}
            data-day={day}
            data-free={free || undefined}
            onPointerDown={(event) => {
              if (event.pointerType === 'mouse' || event.pointerType === 'pen') event.preventDefault();
              onPointerDown(index, i, event.button);
            }}
            onPointerEnter={() => onPointerEnter(index, i)}
            onFocus={() => onFocusCell(index, i)}
            sx={{
              gridColumn: i + 2,
              gridRow: 1,
              position: 'relative',
              borderLeft: 1,
              borderColor: 'divider',
              pt: `${8 + laneCount * 24}px`,
              px: 0.25,
              pb: 0.5,
              display: 'flex',
              flexDirection: 'column',
              gap: 0.25,
              minWidth: 0,
              cursor: free ? 'cell' : 'default',
              userSelect: 'none',
              bgcolor: isChosen ? 'rgba(25, 118, 210, 0.18)' : day === today ? 'rgba(25, 118, 210, 0.05)' : 'transparent',
              '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
            }}
          >
            {row.sameDayTurnovers.includes(day) && (
              <SwapHorizRoundedIcon aria-hidden data-testid="portfolio-same-day" sx={{ alignSelf: 'center', fontSize: 16, color: 'warning.dark' }} />
            )}
            {tasks.map((task) => (
              <TaskMark key={task.id} task={task} />
            ))}
          </Box>
        );
      })}
      <Box aria-hidden sx={{ gridColumn: '2 / -1', gridRow: 1, display: 'grid', gridTemplateColumns: `repeat(${days.length * 2}, minmax(0, 1fr))`, pointerEvents: 'none', zIndex: 1 }}>
        {row.stays.map((stay) => (
          <StayBar key={stay.id} stay={stay} lines={barLines(stay, from, days.length)} lane={lanes.get(stay.id) ?? 0} highlighted={matchesGuest(stay, q)} leftAt={leftTime(stay, clock)} />
        ))}
      </Box>
    </Box>
  );
});
