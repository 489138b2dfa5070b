import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/use-toast';
import { offlineEngine } from '../../../lib/offline/engine';
import type { ActionPayload, QueuedAction } from '../../../lib/offline/types';
import type { TaskHandlers } from '../components/MyTaskCard';
import type { ProblemReport } from '../components/ProblemDialog';
import type { DayTask } from '../utils/overlay';
import { taskBodyOf } from '../utils/overlay';
import { shrinkPhoto } from '../utils/shrink-photo';

/**
 * What the member does on the day's tasks. Every action goes to the phone's queue first (shown at
 * once), then to the server as soon as there is signal: the same path with and without signal.
 */
export function useDayActions(tasks: DayTask[], onProblem: (task: DayTask) => void) {
  const { t } = useTranslation();
  const { toast } = useToast();

  return useMemo(() => {
    const engine = offlineEngine();
    const keep = (task: DayTask, payload: ActionPayload) =>
      engine.enqueue(task.id, task.title, payload).catch((error: unknown) => {
        toast({ title: t('myDay.sync.saveFailed'), description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
        throw error;
      });

    const handlers: TaskHandlers = {
      onStart: (task) => void keep(task, { kind: 'status', status: 'in_progress', body: taskBodyOf(task) }).catch(() => undefined),
      onComplete: (task) => void keep(task, { kind: 'status', status: 'completed', body: taskBodyOf(task) }).catch(() => undefined),
      onTick: (task, item, isCompleted) => void keep(task, { kind: 'tick', itemId: item.id, isCompleted, itemLabel: item.description }).catch(() => undefined),
      onPhoto: (task, file, itemId, kind) => {
        if (!file.type.startsWith('image/')) {
          toast({ title: t('myDay.photos.unreadable'), variant: 'destructive' });
          return;
        }
        void shrinkPhoto(file)
          .then(({ photo, contentType }) => keep(task, { kind: 'photo', photo, contentType, itemId, photoKind: kind }))
          .catch(() => undefined);
      },
      onReportProblem: onProblem,
      onInspect: (task, result) =>
        void keep(task, { kind: 'inspection', passed: result.passed, failedItemIds: result.failedItemIds, note: result.note ?? null }).catch(() => undefined),
    };

    const reportProblem = async (task: DayTask, report: ProblemReport) => {
      const photos = await Promise.all(report.files.filter((file) => file.type.startsWith('image/')).map(shrinkPhoto));
      await keep(task, { kind: 'problem', description: report.description, urgency: report.urgency, photos, uploadedUrls: [] });
      toast({ title: t('myDay.problem.saved') });
    };

    /** Again, with a new key; a start or completion is rebuilt on the task as the server has it now. */
    const retry = (action: QueuedAction) => {
      const current = tasks.find((task) => task.id === action.taskId);
      const payload = action.payload.kind === 'status' && current ? { ...action.payload, body: taskBodyOf(current) } : undefined;
      void engine.retry(action.seq ?? -1, payload);
    };

    return {
      handlers,
      reportProblem,
      retry,
      discard: (action: QueuedAction) => void engine.discard(action.seq ?? -1),
      sendNow: () => void engine.flush(),
    };
  }, [tasks, onProblem, t, toast]);
}
