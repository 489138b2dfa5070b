import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useRefreshTaskQueries } from '../../tasks/api/refresh-task-queries';
import type { KeyedMutator } from 'swr';
import type { DispatchBoardAnswer } from '../api/get-dispatch-board';
import { moveTask } from '../api/move-task';
import { UNASSIGNED_ROW, applyMove, dueOnDay, findCard, moveRefusal, rowKey } from '../utils/board-moves';

/** Why a move was refused, in words: the task as it is now (409) says what changed. */
function refusal(error: unknown, t: (key: string) => string): string {
  if (isApiError(error) && error.status === 409) {
    const now = (error.body as { details?: { task?: Task } } | undefined)?.details?.task;
    if (now?.status === 'completed') return t('dispatch.move.completedMeanwhile');
    if (now?.status === 'cancelled') return t('dispatch.move.cancelledMeanwhile');
    return t('dispatch.move.changedMeanwhile');
  }
  if (isApiError(error) && error.status === 404) return t('dispatch.move.gone');
  return errorMessage(error, t('dispatch.move.failed'));
}

/**
 * Moves a card to a row (a member id or "unassigned") and a day: the board shows it there at once,
 * the task editor's route saves it, and a refusal puts it back with the reason. The board is read
 * again afterwards (warnings and workloads are the server's).
 */
export function useMoveCard(board: DispatchBoardAnswer | undefined, mutate: KeyedMutator<DispatchBoardAnswer>) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const refreshTasks = useRefreshTaskQueries();
  return useCallback(
    async (taskId: string, targetRow: string, day: string): Promise<void> => {
      if (!board) return;
      const found = findCard(board, taskId);
      const due = found?.card.task.dueDate;
      if (!found || !due) return;
      const { card, row } = found;
      if (rowKey(row) === targetRow && card.day === day) return;
      const refused = moveRefusal(card, day, new Date(), board.week.timeZone);
      if (refused) {
        toast({ title: t(`dispatch.move.${refused}`), severity: 'warning' });
        return;
      }
      const dueDate = dueOnDay(due, day, board.week.timeZone);
      const assignedUserId = targetRow === UNASSIGNED_ROW ? null : targetRow;
      try {
        await mutate(
          async () => {
            await moveTask(card.task, { assignedUserId, dueDate });
            return undefined;
          },
          { optimisticData: applyMove(board, taskId, targetRow, day, dueDate), rollbackOnError: true, populateCache: false, revalidate: true },
        );
        toast({ title: t('dispatch.move.done', { title: card.task.title }), severity: 'success' });
        void refreshTasks();
      } catch (error) {
        toast({ title: t('dispatch.move.refused'), description: refusal(error, t), variant: 'destructive' });
        void mutate();
      }
    },
    [board, mutate, refreshTasks, t, toast],
  );
}
