import { useCallback, useEffect, useMemo, useRef } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PortfolioProperty } from '#shared/schemas';
import { formatDay } from '../../reservations/utils/format';
import { useNightSelection, type Cell, type NightChoice } from '../hooks/use-night-selection';
import { takenNights } from '../utils/window';
import { PortfolioRow } from './PortfolioRow';
import { TASK_MARK_CLASS, TASK_MARK_SX } from './TaskMark';

export interface PortfolioGridProps {
  rows: readonly PortfolioProperty[];
  days: readonly string[];
  today: string;
  q: string;
  /** The company's time zone (when the guests left, on its clock). */
  timeZone: string;
  onChoose: (row: PortfolioProperty, choice: NightChoice) => void;
  onOpenTask: (taskId: string) => void;
}

const dayWidth = (count: number) => (count <= 14 ? 'minmax(52px, 1fr)' : count <= 30 ? 'minmax(40px, 1fr)' : '34px');

/**
 * The portfolio as a grid (role grid): a row per property, a column per night. One cell takes the
 * focus (arrow keys move it); free nights are chosen by dragging along a row or with Shift + arrows,
 * and Enter or the mouse's release opens the add dialog with them.
 */
export function PortfolioGrid({ rows, days, today, q, timeZone, onChoose, onOpenTask }: PortfolioGridProps) {
  const { t, i18n } = useTranslation();
  const grid = useRef<HTMLDivElement>(null);
  const columns = `minmax(150px, 200px) repeat(${days.length}, ${dayWidth(days.length)})`;
  const taken = useMemo(() => rows.map(takenNights), [rows]);
  const language = i18n.resolvedLanguage ?? 'en';
  const clock = useMemo(() => ({ language, timeZone }), [language, timeZone]);
  const isFree = useCallback((row: number, day: number) => Boolean(taken[row]) && !taken[row].has(days[day]), [taken, days]);
  const choose = useCallback((choice: NightChoice) => rows[choice.row] && onChoose(rows[choice.row], choice), [rows, onChoose]);
  const activate = useCallback(
    (cell: Cell) => {
      const task = rows[cell.row]?.tasks.find((candidate) => candidate.day === days[cell.day]);
      if (task) onOpenTask(task.id);
    },
    [rows, days, onOpenTask],
  );
  const selection = useNightSelection({ rows: rows.length, days: days.length, isFree, onChoose: choose, onActivate: activate });
  const { focus } = selection;

  // The focused cell follows the arrow keys while the grid has the focus.
  useEffect(() => {
    const container = grid.current;
    if (!container || !container.contains(document.activeElement)) return;
    container.querySelector<HTMLElement>(`[data-cell="${focus.row}:${focus.day}"]`)?.focus();
  }, [focus]);

  const onPointerDown = useCallback((row: number, day: number, button: number) => selection.pointerDown({ row, day }, button), [selection]);
  const onPointerEnter = useCallback((row: number, day: number) => selection.pointerEnter({ row, day }), [selection]);
  const onFocusCell = useCallback((row: number, day: number) => {
    if (focus.row !== row || focus.day !== day) selection.setFocus({ row, day });
  }, [focus, selection]);

  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto', [`& .${TASK_MARK_CLASS}`]: TASK_MARK_SX }} data-testid="portfolio-grid">
      <Box ref={grid} role="grid" aria-label={t('portfolioCalendar.gridLabel')} aria-rowcount={rows.length + 1} aria-colcount={days.length + 1} aria-multiselectable onKeyDown={selection.keyDown} sx={{ minWidth: 'min-content' }}>
        <Box role="row" aria-rowindex={1} sx={{ display: 'grid', gridTemplateColumns: columns, borderBottom: 1, borderColor: 'divider', position: 'sticky', top: 0, bgcolor: 'background.paper', zIndex: 3 }}>
          <Box role="columnheader" sx={{ p: 1, position: 'sticky', left: 0, bgcolor: 'background.paper', borderRight: 1, borderColor: 'divider' }}>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('portfolioCalendar.propertyColumn')}
            </Typography>
          </Box>
          {days.map((day) => (
            <Box role="columnheader" key={day} aria-current={day === today ? 'date' : undefined} aria-label={formatDay(day, i18n.language, { weekday: 'long', day: 'numeric', month: 'long' })} sx={{ py: 0.5, textAlign: 'center', borderLeft: 1, borderColor: 'divider', bgcolor: day === today ? 'primary.dark' : 'transparent', color: day === today ? 'common.white' : 'text.primary' }}>
              <Typography variant="caption" component="div" sx={{ lineHeight: 1.2, textTransform: 'capitalize', color: 'inherit' }}>
                {formatDay(day, i18n.language, { weekday: 'narrow' })}
              </Typography>
              <Typography variant="body2" component="div" sx={{ fontWeight: 600, lineHeight: 1.2, color: 'inherit' }}>
                {formatDay(day, i18n.language, { day: 'numeric' })}
              </Typography>
            </Box>
          ))}
        </Box>
        {rows.map((row, index) => (
          <PortfolioRow
            key={row.id}
            row={row}
            index={index}
            days={days}
            columns={columns}
            today={today}
            q={q}
            clock={clock}
            taken={taken[index]}
            focusDay={Math.min(focus.row, rows.length - 1) === index ? Math.min(focus.day, days.length - 1) : -1}
            chosen={selection.choice && selection.choice.row === index ? selection.choice : null}
            onPointerDown={onPointerDown}
            onPointerEnter={onPointerEnter}
            onFocusCell={onFocusCell}
          />
        ))}
      </Box>
    </Paper>
  );
}
