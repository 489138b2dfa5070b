import { useState } from 'react';
import { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import PlaylistAddCheckRoundedIcon from '@mui/icons-material/PlaylistAddCheckRounded';
import { useTranslation } from 'react-i18next';
import type { Task } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage, isApiError, isUnauthorizedError } from '../../../lib/api-client';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { attachTaskChecklist } from '../api/attach-task-checklist';
import { taskKey } from '../api/get-task';
import { useChecklistTemplate } from '../api/get-checklist-template';
import { useTaskChecklist, withCounts, type ChecklistItemView, type TaskChecklist as Checklist } from '../api/get-task-checklist';
import { useRefreshTaskQueries } from '../api/refresh-task-queries';
import { updateChecklistItem } from '../api/update-checklist-item';
import { canEditTask, canManageTasks } from '../utils/permissions';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { ChecklistPhotoPair } from './ChecklistPhotoPair';

export interface TaskChecklistProps {
  task: Task;
  /** The heading's id (the section is labelled by it). */
  headingId: string;
  /** `dialog`: inside the task dialog (small heading, small tiles); `page`: the task page. */
  variant?: 'dialog' | 'page';
}

const isOpenTask = (task: Pick<Task, 'status'>) => task.status === 'pending' || task.status === 'in_progress';

/**
 * A task's checklist (issue 10): progress, the items with their checkboxes (required ones marked)
 * and each item's before | after photo proof. Ticks are saved at once — shown ticked straight away,
 * put back with a message when the server refuses. The assignee and managers tick and add photos
 * while the task is open; everyone else sees the checklist as it is. A task without one offers
 * managers the property's default checklist.
 */
export function TaskChecklist({ task, headingId, variant = 'dialog' }: TaskChecklistProps) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const { checklist, isLoading, error, mutate } = useTaskChecklist(task.id);
  const [announcement, setAnnouncement] = useState('');
  const open = isOpenTask(task);
  const mayWork = open && canEditTask(user, task);

  const heading = (
    <Typography
      id={headingId}
      component={variant === 'page' ? 'h2' : 'h3'}
      variant={variant === 'page' ? 'caption' : 'subtitle2'}
      sx={variant === 'page' ? { color: 'text.secondary', fontWeight: 600, textTransform: 'uppercase', letterSpacing: '0.04em' } : undefined}
    >
      {t('tasks.checklist.title')}
    </Typography>
  );

  let body;
  if (checklist) {
    body = <ChecklistItems task={task} checklist={checklist} mayWork={mayWork} variant={variant} mutate={mutate} onAnnounce={setAnnouncement} />;
  } else if (error) {
    body = (
      <Alert severity="error">
        {t('tasks.checklist.loadFailed')} {errorMessage(error)}
      </Alert>
    );
  } else if (checklist === null) {
    body = <NoChecklist task={task} onAttached={(attached) => void mutate(attached, { revalidate: false })} />;
  } else {
    body = isLoading && (
      <Box aria-busy sx={{ display: 'grid', gap: 1 }}>
        <Skeleton variant="rounded" height={8} />
        <Skeleton variant="rounded" height={40} />
        <Skeleton variant="rounded" height={40} />
      </Box>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        {heading}
        {checklist && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('tasks.checklist.progress', { done: checklist.completedItems, total: checklist.totalItems })}
          </Typography>
        )}
      </Box>
      {body}
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
    </Box>
  );
}

interface ChecklistItemsProps {
  task: Task;
  checklist: Checklist;
  mayWork: boolean;
  variant: 'dialog' | 'page';
  mutate: ReturnType<typeof useTaskChecklist>['mutate'];
  onAnnounce: (text: string) => void;
}

function ChecklistItems({ task, checklist, mayWork, variant, mutate, onAnnounce }: ChecklistItemsProps) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const { toast } = useToast();
  const refreshTaskQueries = useRefreshTaskQueries();
  const { mutate: revalidate } = useSWRConfig();
  /** Items whose tick is on its way (one request per item at a time, so they cannot cross). */
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const open = isOpenTask(task);
  const percent = checklist.totalItems ? Math.round((checklist.completedItems / checklist.totalItems) * 100) : 0;
  // On the task page the proof is reviewed: larger tiles where the screen allows.
  const size = variant === 'page' ? { xs: 76, sm: 112 } : { xs: 68, sm: 64 };

  const markSaving = (itemId: string, on: boolean) =>
    setSaving((current) => {
      const next = new Set(current);
      if (on) next.add(itemId);
      else next.delete(itemId);
      return next;
    });

  const tick = async (item: ChecklistItemView, isCompleted: boolean) => {
    markSaving(item.id, true);
    const at = new Date().toISOString();
    try {
      await mutate(
        async () => updateChecklistItem(task.id, item.id, isCompleted),
        {
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
        },
      );
      // A tick moves the task's "last updated": the task page reads it again (where it is shown).
      void revalidate(taskKey(task.id));
    } catch (error) {
      if (isUnauthorizedError(error)) return; // the layout signs in again
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
      <Box sx={{ display: 'grid', gap: 0.75 }}>
        <LinearProgress
          variant="determinate"
          value={percent}
          color={checklist.status === 'completed' ? 'success' : 'primary'}
          aria-label={t('tasks.checklist.progressLabel', { done: checklist.completedItems, total: checklist.totalItems })}
          sx={{ height: 8, borderRadius: 4 }}
        />
        <Typography variant="body2" sx={{ color: checklist.openRequiredItems > 0 ? 'warning.dark' : 'success.dark' }}>
          {checklist.openRequiredItems > 0
            ? t('tasks.checklist.requiredOpen', { count: checklist.openRequiredItems })
            : checklist.requiredItems > 0
              ? t('tasks.checklist.requiredDone')
              : t('tasks.checklist.noneRequired')}
          {mayWork && (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {' · '}
              {t('tasks.checklist.savedAsYouGo')}
            </Box>
          )}
        </Typography>
        {!open && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('tasks.checklist.closedHint')}
          </Typography>
        )}
      </Box>
      <Box component="ul" aria-label={t('tasks.checklist.title')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid' }}>
        {checklist.items.map((item, index) => {
          const labelId = `${checklist.id}-${item.id}-label`;
          return (
            <Box
              component="li"
              key={item.id}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) auto' },
                alignItems: 'center',
                columnGap: 2,
                rowGap: 0.5,
                py: 1,
                borderTop: index === 0 ? 0 : 1,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, minWidth: 0 }}>
                <Checkbox
                  checked={item.isCompleted}
                  disabled={!mayWork || saving.has(item.id)}
                  onChange={(event) => void tick(item, event.target.checked)}
                  slotProps={{ input: { 'aria-labelledby': labelId } }}
                  // Read only (a reviewer, a closed task): done items in green rather than greyed out.
                  sx={{ mt: -0.5, ml: -1, ...(!mayWork && { '&.Mui-checked.Mui-disabled': { color: 'success.main' } }) }}
                />
                <Box id={labelId} sx={{ minWidth: 0, pt: 0.25 }}>
                  <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere', color: mayWork && item.isCompleted ? 'text.secondary' : 'text.primary' }}>
                    {item.description}
                  </Typography>
                  {item.required && (
                    <Chip
                      label={t('tasks.checklist.required')}
                      size="small"
                      color={item.isCompleted ? 'default' : 'warning'}
                      variant="outlined"
                      sx={{ ml: 1, height: 20, fontSize: 11, verticalAlign: 'text-bottom' }}
                    />
                  )}
                </Box>
              </Box>
              <Box sx={{ pl: { xs: 4, sm: 0 } }}>
                <ChecklistPhotoPair
                  taskId={task.id}
                  item={item}
                  canAdd={mayWork}
                  size={size}
                  onRecorded={(updated) => void mutate(updated, { revalidate: false })}
                  onAnnounce={onAnnounce}
                />
              </Box>
            </Box>
          );
        })}
      </Box>
    </>
  );
}

/** No checklist yet: managers may copy the property's default one onto an open task. */
function NoChecklist({ task, onAttached }: { task: Task; onAttached: (checklist: Checklist) => void }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const { toast } = useToast();
  const [attaching, setAttaching] = useState(false);
  const mayAttach = canManageTasks(user) && isOpenTask(task);
  const { template, isLoading } = useChecklistTemplate(mayAttach ? task.propertyId : null);
  const count = template?.items.length ?? 0;
  const required = template?.items.filter((item) => item.required).length ?? 0;

  const attach = async () => {
    setAttaching(true);
    try {
      const attached = await attachTaskChecklist(task.id);
      onAttached(attached);
      toast({ severity: 'success', title: t('tasks.checklist.attached') });
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      toast({ variant: 'destructive', title: t('tasks.checklist.attachFailed'), description: errorMessage(error) });
    } finally {
      setAttaching(false);
    }
  };

  if (!mayAttach || isLoading || !template) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('tasks.checklist.none')}
      </Typography>
    );
  }
  if (count === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('tasks.checklist.none')} {t('tasks.checklist.noTemplate')}
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', justifyContent: 'space-between' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', flex: '1 1 220px' }}>
        {t('tasks.checklist.templateAvailable', { count, required })}
      </Typography>
      <Button size="small" variant="outlined" startIcon={<PlaylistAddCheckRoundedIcon />} onClick={() => void attach()} disabled={attaching}>
        {attaching ? t('tasks.checklist.attaching') : t('tasks.checklist.attach')}
      </Button>
    </Box>
  );
}
