import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Task } from '#shared/schemas';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { useTaskChecklist } from '../api/get-task-checklist';
import { canEditTask } from '../utils/permissions';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { ChecklistItemList } from './ChecklistItemList';
import { NoChecklist } from './NoChecklist';

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
 * and each item's before | after photo proof (ChecklistItemList). The assignee and managers tick and
 * add photos while the task is open; everyone else sees the checklist as it is. A task without one
 * offers managers the property's default checklist (NoChecklist).
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
    body = <ChecklistItemList task={task} checklist={checklist} mayWork={mayWork} open={open} variant={variant} mutate={mutate} onAnnounce={setAnnouncement} />;
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
