import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandLessRoundedIcon from '#icons/ExpandLessRounded';
import ExpandMoreRoundedIcon from '#icons/ExpandMoreRounded';
import { useTranslation } from 'react-i18next';
import type { DispatchBoard, DispatchCard as Card } from '#shared/dispatch';
import { formatDay, formatHours, rowName, weekWords } from '../utils/format';
import { DispatchCard } from './DispatchCard';

export interface DispatchListProps {
  board: DispatchBoard;
  titleOf: (taskId: string) => string | undefined;
  onMove: (card: Card) => void;
}

type Entry = { card: Card; who: string };

/**
 * The phone's board: the same week as a list, a heading per day, each card with its assignee and
 * "Move". In the current week the list starts at today: the days already past fold behind one
 * button above it (with how many tasks they hold), so the manager does not scroll past yesterday.
 */
export function DispatchList({ board, titleOf, onMove }: DispatchListProps) {
  const { t, i18n } = useTranslation();
  const [showEarlier, setShowEarlier] = useState(false);
  const { days, today, timeZone } = board.week;
  const week = weekWords(board, i18n.language);
  const entries: Entry[] = board.rows.flatMap((row) => row.cards.map((card) => ({ card, who: rowName(t, row) })));
  const todayIndex = days.indexOf(today);
  const earlier = todayIndex > 0 ? days.slice(0, todayIndex) : [];
  const earlierCount = entries.filter((entry) => earlier.includes(entry.card.day)).length;
  const shown = showEarlier ? days : days.slice(earlier.length);

  return (
    <Stack spacing={2.5} data-testid="dispatch-list">
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1 }} aria-label={t('dispatch.workloads')}>
        {board.rows
          .filter((row) => row.member)
          .map((row) => (
            <Typography component="li" variant="caption" key={row.member!.id} sx={{ px: 1, py: 0.25, borderRadius: 1, bgcolor: 'action.hover' }}>
              {rowName(t, row)}: {t('dispatch.row.workload', { ...week, hours: formatHours(row.workloadMinutes, i18n.language) })}
            </Typography>
          ))}
      </Box>
      {earlier.length > 0 && (
        <Button
          variant="text"
          color="inherit"
          onClick={() => setShowEarlier((open) => !open)}
          aria-expanded={showEarlier}
          startIcon={showEarlier ? <ExpandLessRoundedIcon /> : <ExpandMoreRoundedIcon />}
          sx={{ alignSelf: 'flex-start', color: 'text.secondary' }}
          data-testid="dispatch-earlier"
        >
          {showEarlier ? t('dispatch.hideEarlier') : earlierCount ? t('dispatch.earlier', { count: earlierCount }) : t('dispatch.earlierNone')}
        </Button>
      )}
      {shown.map((day) => (
        <DaySection key={day} day={day} today={today} timeZone={timeZone} entries={entries} titleOf={titleOf} onMove={onMove} />
      ))}
    </Stack>
  );
}

interface DaySectionProps {
  day: string;
  today: string;
  timeZone: string;
  entries: Entry[];
  titleOf: (taskId: string) => string | undefined;
  onMove: (card: Card) => void;
}

/** One day of the list: its heading ("· today" on today) and its cards by due time. */
function DaySection({ day, today, timeZone, entries, titleOf, onMove }: DaySectionProps) {
  const { t, i18n } = useTranslation();
  const cards = entries.filter((entry) => entry.card.day === day).sort((a, b) => Date.parse(a.card.task.dueDate ?? '') - Date.parse(b.card.task.dueDate ?? ''));
  return (
    <Box component="section" aria-labelledby={`dispatch-day-${day}`}>
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
}
