import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { DispatchCard } from '#shared/dispatch';
import { PageHeader } from '../../../components/ui/PageHeader';
import { errorMessage } from '../../../lib/api-client';
import { isManagerRole } from '#shared/enums';
import { dispatchKey, useDispatchBoard } from '../api/get-dispatch-board';
import type { FirstReads } from '../../../lib/first-reads';
import { DispatchGrid } from '../components/DispatchGrid';
import { DispatchList } from '../components/DispatchList';
import { EmptyWeekHint } from '../components/EmptyWeekHint';
import { MoveTaskDialog } from '../components/MoveTaskDialog';
import { WeekNavigation } from '../components/WeekNavigation';
import { useCardFocus } from '../hooks/use-card-focus';
import { useMoveCard } from '../hooks/use-move-card';
import { findCard, rowKey } from '../utils/board-moves';
import { formatDay, weekWords } from '../utils/format';
import { zoneName } from '../../../lib/zone-name';

/** What the board's first render shows (app/boot.ts loads it before React draws): the week in the address. */
export const firstReads: FirstReads = ({ search }, user) =>
  isManagerRole(user.role) ? [dispatchKey(new URLSearchParams(search).get('week') ?? undefined)] : [];

/**
 * The dispatch board (CEO and managers): the week (Monday start, the company's time zone) with a row
 * per member and one for unassigned work. Cards move by drag and drop or with "Move" (keyboard,
 * touch); on a phone the week is a list by day. `?week=YYYY-MM-DD` keeps the week across reloads.
 */
export default function DispatchPage() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [params, setParams] = useSearchParams();
  const week = params.get('week') ?? undefined;
  const { board, error, isLoading, mutate } = useDispatchBoard(week);
  const move = useMoveCard(board, mutate);
  const [moving, setMoving] = useState<DispatchCard | null>(null);
  const focus = useCardFocus(board, moving !== null);

  const titles = useMemo(() => new Map(board?.rows.flatMap((row) => row.cards.map((card) => [card.task.id, card.task.title] as const)) ?? []), [board]);
  const titleOf = (taskId: string) => titles.get(taskId);
  const days = board?.week.days ?? [];
  const subtitle = board
    ? t('dispatch.weekOf', { context: weekWords(board, i18n.language).context, from: formatDay(days[0], i18n.language), to: formatDay(days[6], i18n.language), zone: zoneName(t, board.week.timeZone) })
    : t('dispatch.subtitle');
  const movingRow = moving && board ? findCard(board, moving.task.id)?.row : undefined;

  return (
    <>
      <PageHeader
        title={t('dispatch.title')}
        subtitle={subtitle}
        actions={
          <WeekNavigation
            disabled={!board}
            onPrevious={() => board && setParams({ week: board.week.previous })}
            onToday={() => setParams({})}
            onNext={() => board && setParams({ week: board.week.next })}
          />
        }
      />
      {error && !board && <Alert severity="error">{errorMessage(error, t('dispatch.loadFailed'))}</Alert>}
      {!board && isLoading && (
        <Stack spacing={1} role="status" aria-busy aria-label={t('dispatch.loading')}>
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={120} />
        </Stack>
      )}
      {board?.truncated && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('dispatch.truncated')}
        </Alert>
      )}
      {board && <EmptyWeekHint board={board} />}
      {board && (phone ? (
        <DispatchList board={board} titleOf={titleOf} onMove={setMoving} />
      ) : (
        <DispatchGrid board={board} titleOf={titleOf} onMove={setMoving} onDropTask={(taskId, row, day) => void move(taskId, row, day)} />
      ))}
      {board && (
        <MoveTaskDialog
          card={moving}
          currentRow={movingRow ? rowKey(movingRow) : undefined}
          rows={board.rows}
          days={days}
          timeZone={board.week.timeZone}
          onClose={() => {
            if (moving) focus.returnTo(moving.task.id);
            setMoving(null);
          }}
          onMove={(taskId, row, day) => {
            focus.follow(taskId, row, day);
            void move(taskId, row, day).finally(() => focus.settle(taskId));
          }}
        />
      )}
    </>
  );
}
