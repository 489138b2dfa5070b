import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DispatchBoard, DispatchCard as Card } from '#shared/dispatch';
import { rowKey } from '../utils/board-moves';
import { formatDay, rowName, weekWords } from '../utils/format';
import { DayCell } from './DayCell';
import { DispatchCard } from './DispatchCard';
import { RowHeader } from './RowHeader';

export interface DispatchGridProps {
  board: DispatchBoard;
  titleOf: (taskId: string) => string | undefined;
  onMove: (card: Card) => void;
  onDropTask: (taskId: string, row: string, day: string) => void;
}

const COLUMNS = 'minmax(120px, 160px) repeat(7, minmax(112px, 1fr))';

/** The week as a grid: a row per member (unassigned first), a column per day, cards in the cells. */
export function DispatchGrid({ board, titleOf, onMove, onDropTask }: DispatchGridProps) {
  const { t, i18n } = useTranslation();
  const { days, today, timeZone } = board.week;
  const week = weekWords(board, i18n.language);
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }} data-testid="dispatch-grid">
      <Box role="table" aria-label={t('dispatch.gridLabel')} sx={{ minWidth: 920 }}>
        <Box role="row" sx={{ display: 'grid', gridTemplateColumns: COLUMNS, borderBottom: 1, borderColor: 'divider', position: 'sticky', top: 0, bgcolor: 'background.paper', zIndex: 1 }}>
          <Box role="columnheader" sx={{ p: 1 }}>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('dispatch.memberColumn')}
            </Typography>
          </Box>
          {days.map((day) => (
            <Box role="columnheader" key={day} sx={{ p: 1, borderLeft: 1, borderColor: 'divider' }} aria-current={day === today ? 'date' : undefined}>
              <Typography variant="subtitle2" sx={{ color: day === today ? 'primary.main' : 'text.primary' }}>
                {formatDay(day, i18n.language)}
              </Typography>
            </Box>
          ))}
        </Box>
        {board.rows.map((row) => {
          const key = rowKey(row);
          const name = rowName(t, row);
          return (
            <Box role="row" key={key} data-testid={`dispatch-row-${key}`} sx={{ display: 'grid', gridTemplateColumns: COLUMNS, borderBottom: 1, borderColor: 'divider' }}>
              <Box role="rowheader">
                <RowHeader row={row} week={week} />
              </Box>
              {days.map((day) => (
                <Box role="cell" key={day} sx={{ display: 'flex', flexDirection: 'column' }}>
                  <DayCell
                    rowKey={key}
                    day={day}
                    label={t('dispatch.cell.label', { name, day: formatDay(day, i18n.language, 'long') })}
                    minutes={row.minutesByDay[day] ?? 0}
                    shifts={row.shiftsByDay[day]}
                    today={day === today}
                    onDropTask={onDropTask}
                  >
                    {row.cards
                      .filter((card) => card.day === day)
                      .map((card) => (
                        <DispatchCard key={card.task.id} card={card} timeZone={timeZone} titleOf={titleOf} onMove={onMove} />
                      ))}
                  </DayCell>
                </Box>
              ))}
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}
