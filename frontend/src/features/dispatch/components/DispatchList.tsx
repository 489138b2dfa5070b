import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DispatchBoard, DispatchCard as Card } from '#shared/dispatch';
import { formatDay, formatHours, rowName } from '../utils/format';
import { DispatchCard } from './DispatchCard';

export interface DispatchListProps {
  board: DispatchBoard;
  titleOf: (taskId: string) => string | undefined;
  onMove: (card: Card) => void;
}

/** The phone's board: the same week as a list, a heading per day, each card with its assignee and "Move". */
export function DispatchList({ board, titleOf, onMove }: DispatchListProps) {
  const { t, i18n } = useTranslation();
  const { days, today, timeZone } = board.week;
  const entries = board.rows.flatMap((row) => row.cards.map((card) => ({ card, who: rowName(t, row) })));
  return (
    <Stack spacing={2.5} data-testid="dispatch-list">
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1 }} aria-label={t('dispatch.workloads')}>
        {board.rows
          .filter((row) => row.member)
          .map((row) => (
            <Typography component="li" variant="caption" key={row.member!.id} sx={{ px: 1, py: 0.25, borderRadius: 1, bgcolor: 'action.hover' }}>
              {rowName(t, row)}: {t('dispatch.row.workload', { hours: formatHours(row.workloadMinutes, i18n.language) })}
            </Typography>
          ))}
      </Box>
      {days.map((day) => {
        const cards = entries.filter((entry) => entry.card.day === day).sort((a, b) => Date.parse(a.card.task.dueDate ?? '') - Date.parse(b.card.task.dueDate ?? ''));
        return (
          <Box component="section" key={day} aria-labelledby={`dispatch-day-${day}`}>
            <Typography id={`dispatch-day-${day}`} variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1, color: day === today ? 'primary.main' : 'text.primary' }}>
              {formatDay(day, i18n.language, 'long')}
              {day === today && ` · ${t('dispatch.today')}`}
            </Typography>
            {cards.length ? (
              <Stack spacing={1}>
                {cards.map(({ card, who }) => (
                  <DispatchCard key={card.task.id} card={card} timeZone={timeZone} titleOf={titleOf} onMove={onMove} assigneeName={who} />
                ))}
              </Stack>
            ) : (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('dispatch.emptyDay')}
              </Typography>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
