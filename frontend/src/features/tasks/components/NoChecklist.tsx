import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PlaylistAddCheckRoundedIcon from '#icons/PlaylistAddCheckRounded';
import { useTranslation } from 'react-i18next';
import type { Task } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage, isUnauthorizedError } from '../../../lib/api-client';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { attachTaskChecklist } from '../api/attach-task-checklist';
import { useChecklistTemplate } from '../api/get-checklist-template';
import type { TaskChecklist } from '../api/get-task-checklist';
import { canManageTasks } from '../utils/permissions';

const isOpenTask = (task: Pick<Task, 'status'>) => task.status === 'pending' || task.status === 'in_progress';

/** No checklist yet: managers may copy the property's default one onto an open task. */
export function NoChecklist({ task, onAttached }: { task: Task; onAttached: (checklist: TaskChecklist) => void }) {
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
