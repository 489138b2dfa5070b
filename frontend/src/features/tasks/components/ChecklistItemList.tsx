import { useState } from 'react';
import { useSWRConfig } from 'swr';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { Task } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage, isApiError, isUnauthorizedError, type ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { taskKey } from '../api/get-task';
import { withCounts, type ChecklistItemView, type TaskChecklist, type useTaskChecklist } from '../api/get-task-checklist';
import { useRefreshTaskQueries } from '../api/refresh-task-queries';
import { updateChecklistItem } from '../api/update-checklist-item';
import { checklistChanges, type ChecklistChanges } from '../utils/checklist-changes';
import { ChecklistChangesNotice } from './ChecklistChangesNotice';
import { ChecklistItemRow } from './ChecklistItemRow';
import { ChecklistProgress } from './ChecklistProgress';

export interface ChecklistItemListProps {
  task: Task;
  checklist: TaskChecklist;
  mayWork: boolean;
  open: boolean;
  variant: 'dialog' | 'page';
  mutate: ReturnType<typeof useTaskChecklist>['mutate'];
  onAnnounce: (text: string) => void;
}

/**
 * The checklist's progress and items. Ticks are saved at once, shown ticked straight away and put
 * back with a message when the server refuses. Ticks of different items never refuse each other
 * (the server conditions each on its own item); when a tick or a photo meets a change someone else
 * made (409), the checklist is read again and a notice names what changed, the rows marked.
 */
export function ChecklistItemList({ task, checklist, mayWork, open, variant, mutate, onAnnounce }: ChecklistItemListProps) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const { toast } = useToast();
  const refreshTaskQueries = useRefreshTaskQueries();
  const { mutate: revalidate } = useSWRConfig();
  /** Items whose tick is on its way (one request per item at a time, so they cannot cross). */
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const [changes, setChanges] = useState<ChecklistChanges | null>(null);
  // On the task page the proof is reviewed: larger tiles where the screen allows.
  const size = variant === 'page' ? { xs: 76, sm: 112 } : { xs: 68, sm: 64 };
  const changedIds = new Set(changes?.items.map((change) => change.itemId));

  const markSaving = (itemId: string, on: boolean) =>
    setSaving((current) => {
      const next = new Set(current);
      if (on) next.add(itemId);
      else next.delete(itemId);
      return next;
    });

  /** A 409: read the checklist again and show what someone else changed. False when nothing on it did. */
  const showChanges = async (shown: TaskChecklist): Promise<boolean> => {
    const now = await mutate().catch(() => undefined);
    const found = checklistChanges(shown, now);
    // This person's own ticks still on their way are not someone else's changes.
    const items = found.items.filter((change) => !saving.has(change.itemId));
    if (!found.replaced && items.length === 0) return false;
    setChanges({ ...found, items });
    onAnnounce(t('tasks.checklist.changes.title'));
    return true;
  };

  const onPhotoConflict = (shown: TaskChecklist) => (error: ApiError) => {
    void showChanges(shown).then((shownChanges) => {
      if (!shownChanges) toast({ variant: 'destructive', title: t('tasks.checklist.photoFailed'), description: errorMessage(error) });
    });
  };

  const tick = async (item: ChecklistItemView, isCompleted: boolean) => {
    const shown = checklist;
    markSaving(item.id, true);
    const at = new Date().toISOString();
    try {
      await mutate(async () => updateChecklistItem(task.id, item.id, isCompleted), {
        optimisticData: (current) =>
          current
            ? withCounts(
                current,
                current.items.map((entry) =>
                  entry.id === item.id ? { ...entry, isCompleted, completedAt: isCompleted ? at : null, completedBy: isCompleted ? (user?.id ?? null) : null } : entry,
                ),
              )
            : (current ?? null),
        rollbackOnError: true,
        populateCache: true,
        revalidate: false,
      });
      // A tick is not an edit of the task (its version stays), but it is a line of its history: the
      // task page reads its history again.
      const history = `${taskKey(task.id)}/history`;
      void revalidate((key) => typeof key === 'string' && key.startsWith(history));
    } catch (error) {
      if (isUnauthorizedError(error)) return; // the layout signs in again
      if (isApiError(error) && error.status === 409 && (await showChanges(shown))) {
        void refreshTaskQueries();
        return;
      }
      const title = t('tasks.checklist.tickFailed', { item: item.description });
      const reason = errorMessage(error);
      toast({
        variant: 'destructive',
        title,
        description: (
          <>
            {reason}
            <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
              {t('tasks.checklist.tickUndone')}
            </Box>
          </>
        ),
      });
      onAnnounce(`${title}: ${reason} ${t('tasks.checklist.tickUndone')}`);
      // Refused because the task changed meanwhile (completed, cancelled, reassigned): read it again.
      if (isApiError(error) && (error.status === 409 || error.status === 403 || error.status === 404)) void refreshTaskQueries();
    } finally {
      markSaving(item.id, false);
    }
  };

  return (
    <>
      <ChecklistProgress checklist={checklist} mayWork={mayWork} open={open} />
      {changes && <ChecklistChangesNotice changes={changes} onDismiss={() => setChanges(null)} />}
      <Box component="ul" aria-label={t('tasks.checklist.title')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid' }}>
        {checklist.items.map((item, index) => (
          <ChecklistItemRow
            key={item.id}
            taskId={task.id}
            checklistId={checklist.id}
            item={item}
            first={index === 0}
            mayWork={mayWork}
            saving={saving.has(item.id)}
            changed={changedIds.has(item.id)}
            photoSize={size}
            onTick={(entry, isCompleted) => void tick(entry, isCompleted)}
            onPhotoRecorded={(updated) => void mutate(updated, { revalidate: false })}
            onPhotoConflict={onPhotoConflict(checklist)}
            onAnnounce={onAnnounce}
          />
        ))}
      </Box>
    </>
  );
}
