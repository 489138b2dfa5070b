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
import { PHONE_QUERY, boardChoice, dispatchKey, useDispatchBoard } from '../api/get-dispatch-board';
import type { FirstReads } from '../../../lib/first-reads';
import { BoardViewToggle, type BoardView } from '../components/BoardViewToggle';
import { DispatchGrid } from '../components/DispatchGrid';
import { DispatchList } from '../components/DispatchList';
import { EmptyWeekHint } from '../components/EmptyWeekHint';
import { MoveTaskDialog } from '../components/MoveTaskDialog';
import { WeekNavigation } from '../components/WeekNavigation';
import { useCardFocus } from '../hooks/use-card-focus';
import { useMoveCard } from '../hooks/use-move-card';
import { findCard, rowKey } from '../utils/board-moves';
import { boardTitle } from '../utils/format';
import { zoneName } from '../../../lib/zone-name';

const isPhone = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

/** What the board's first render shows (app/boot.ts loads it before React draws): the days the address (and the screen's size) ask for. */
export const firstReads: FirstReads = ({ search }, user) =>
  isManagerRole(user.role) ? [dispatchKey(boardChoice(new URLSearchParams(search), isPhone()))] : [];

/**
 * The dispatch board (CEO and managers): seven days (the company's time zone) with a row per member
 * and one for unassigned work: the calendar week (Monday to Sunday), or seven days from today, the
 * default on a phone and at weekends (a Sunday evening plans Monday without a click); a toggle
 * switches. Cards move by drag and drop or with "Move" (keyboard, touch); on a phone the days are a
 * list. The address keeps the choice: `?view=week|rolling`, `&week=YYYY-MM-DD` or `&from=YYYY-MM-DD`.
 */
export default function DispatchPage() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  // Known on the first render (noSsr), so the first read is the phone's or the desktop's at once.
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [params, setParams] = useSearchParams();
  const choice = boardChoice(params, phone);
  const { board, error, isLoading, mutate } = useDispatchBoard(choice);
  const move = useMoveCard(board, mutate);
  const [moving, setMoving] = useState<DispatchCard | null>(null);
  const focus = useCardFocus(board, moving !== null);

  const titles = useMemo(() => new Map(board?.rows.flatMap((row) => row.cards.map((card) => [card.task.id, card.task.title] as const)) ?? []), [board]);
  const titleOf = (taskId: string) => titles.get(taskId);
  const days = board?.week.days ?? [];
  const subtitle = board ? boardTitle(t, board, i18n.language, zoneName(t, board.week.timeZone)) : t('dispatch.subtitle');
  const view: BoardView | undefined = board?.week.view ?? choice.view;
  // Moving keeps the view the board shows; "This week" / "Today" drops the dates.
  const goTo = (start: string) => setParams(view === 'rolling' ? { view: 'rolling', from: start } : { ...(choice.view ? { view: 'week' } : {}), week: start });
  const movingRow = moving && board ? findCard(board, moving.task.id)?.row : undefined;

  return (
    <>
      <PageHeader
        title={t('dispatch.title')}
        subtitle={subtitle}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <BoardViewToggle value={view} disabled={!board} onChange={(next) => setParams({ view: next })} />
            <WeekNavigation
              view={view}
              disabled={!board}
              onPrevious={() => board && goTo(board.week.previous)}
              onToday={() => setParams(choice.view ? { view: choice.view } : {})}
              onNext={() => board && goTo(board.week.next)}
            />
          </Stack>
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
