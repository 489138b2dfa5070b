import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateRoundedIcon from '#icons/AddPhotoAlternateRounded';
import ArrowBackRoundedIcon from '#icons/ArrowBackRounded';
import EditRoundedIcon from '#icons/EditRounded';
import SearchOffRoundedIcon from '#icons/SearchOffRounded';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { photosOf } from '../api/add-task-photo';
import { PROPERTY_LOOKUP_KEY } from '../api/get-properties';
import { taskKey, useTask } from '../api/get-task';
import { taskChecklistKey, useTaskChecklist } from '../api/get-task-checklist';
import { fetchHistoryPage, taskHistoryKeyLoader } from '../api/get-task-history';
import { TEAM_KEY } from '../api/get-team';
import type { FirstReads } from '../../../lib/first-reads';
import { firstPageReads, idInPath } from '../../../lib/first-read-helpers';
import { preloadPhotoUpload } from '../components/PhotoUploadStep';
import { TaskChecklist } from '../components/TaskChecklist';
import { TaskFacts } from '../components/TaskFacts';
import { InspectionActions, InspectionSummary, useRecordInspection } from '../components/InspectionPanel';
import { TaskField } from '../components/TaskField';
import { TaskHistory } from '../components/TaskHistory';
import { TaskPhotos } from '../components/TaskPhotos';
import { TaskStatusChip } from '../components/TaskStatusChip';
import { ApprovalChip } from '../components/ApprovalChip';
import { TaskTypeIcon } from '../components/TaskTypeIcon';
import { taskBackLink } from '../utils/back-link';
import { canEditTask } from '../utils/permissions';
import { retryableLazy } from '../../../lib/retryable-lazy';
import { LazyDialog } from '../../../components/ui/LazyDialog';

// The task form (react-hook-form, the shared schemas, its fields) loads when first opened: the
// screen's first paint on a phone evaluates none of it.
const TaskDialog = retryableLazy(() => import('../components/TaskDialog'), (module) => module.TaskDialog);

/** Back to where the task was opened from: its property's page, else the task list. */
function BackLink() {
  const { t } = useTranslation();
  const back = taskBackLink(useLocation().state, paths.tasks);
  return (
    <Button component={RouterLink} to={back.to} startIcon={<ArrowBackRoundedIcon />} color="inherit" sx={{ mb: 2, color: 'text.secondary' }}>
      {t(`tasks.detail.${back.label}`)}
    </Button>
  );
}

/**
 * What the task's first render shows (app/boot.ts loads it before React draws): the task, its
 * checklist, its history's first page, the property and team names. (A task without a checklist
 * then reads its property's default checklist, which needs the task's answer first.)
 */
export const firstReads: FirstReads = ({ pathname }) => {
  const id = idInPath(pathname);
  if (!id) return [];
  return [taskKey(id), taskChecklistKey(id), ...firstPageReads(taskHistoryKeyLoader(id), fetchHistoryPage), PROPERTY_LOOKUP_KEY, TEAM_KEY];
};

/**
 * One task (`/tasks/:id`): every field, a link to its property, its checklist (ticks and
 * before/after photos, the required items still open beside the status), its photos (a click
 * opens one large), time on task, its history, the Edit dialog and "Add photos" (the dialog's
 * photo step); 404 → not found.
 */
export default function TaskDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams<{ id: string }>();
  const { user } = useCurrentUser();
  const { task, isLoading, error, notFound } = useTask(id);
  const { checklist } = useTaskChecklist(task?.id);
  /** The dialog: closed, on the details (Edit) or on the photo step (Add photos). */
  const [dialog, setDialog] = useState<{ open: boolean; photos: boolean }>({ open: false, photos: false });
  const recordInspection = useRecordInspection(id ?? '');

  if (notFound) {
    return (
      <>
        <BackLink />
        <Box sx={{ display: 'grid', justifyItems: 'center', textAlign: 'center', gap: 1, py: { xs: 6, md: 10 } }}>
          <Box sx={{ width: 64, height: 64, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', color: 'text.secondary', mb: 1 }}>
            <SearchOffRoundedIcon sx={{ fontSize: 32 }} />
          </Box>
          <Typography variant="h5" component="h1">
            {t('tasks.detail.notFoundTitle')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', maxWidth: 440 }}>{t('tasks.detail.notFoundHint')}</Typography>
          <Button component={RouterLink} to={paths.tasks} variant="contained" sx={{ mt: 2 }}>
            {t('tasks.detail.allTasks')}
          </Button>
        </Box>
      </>
    );
  }

  if (!task) {
    return (
      <>
        <BackLink />
        {error ? (
          <Alert severity="error">
            {t('tasks.loadFailed')} {errorMessage(error)}
          </Alert>
        ) : (
          isLoading && (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
              <CircularProgress aria-label={t('common.loading')} />
            </Box>
          )
        )}
      </>
    );
  }

  const photos = photosOf(task);
  const mayEdit = canEditTask(user, task);
  const openRequired = (task.status === 'pending' || task.status === 'in_progress') && checklist ? checklist.openRequiredItems : 0;
  return (
    <>
      <BackLink />
      <Box
        component="header"
        sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: { xs: 'flex-start', sm: 'center' }, gap: 2, mb: 3 }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flex: 1, minWidth: 0 }}>
          <TaskTypeIcon type={task.type} size={48} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {task.title}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
              <Typography sx={{ color: 'text.secondary' }}>{t(`tasks.types.${task.type}`)}</Typography>
              <TaskStatusChip status={task.status} />
              <ApprovalChip task={task} />
            </Box>
          </Box>
        </Box>
        {mayEdit && (
          <Button variant="contained" startIcon={<EditRoundedIcon />} onClick={() => setDialog({ open: true, photos: false })}>
            {t('tasks.actions.edit')}
          </Button>
        )}
      </Box>

      <Card>
        <CardContent sx={{ display: 'grid', gap: 3, p: { xs: 2, sm: 3 } }}>
          <TaskFacts task={task} openRequired={openRequired} />
          {/* Issue 40: a cleaning's inspection rounds; an open inspection's Pass / Fail. */}
          <InspectionSummary task={task} />
          {task.type === 'inspection' && task.inspectsTaskId && (task.status === 'pending' || task.status === 'in_progress') && mayEdit && (
            <InspectionActions items={checklist?.items ?? []} onRecord={recordInspection} />
          )}
          <Divider />
          <Box component="dl" sx={{ m: 0 }}>
            <TaskField label={t('tasks.fields.description')}>
              {task.description ? (
                <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
                  {task.description}
                </Box>
              ) : (
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {t('tasks.detail.noDescription')}
                </Box>
              )}
            </TaskField>
          </Box>
          <Divider />
          <TaskChecklist task={task} headingId="task-checklist-heading" variant="page" />
          <Divider />
          <Box component="section" aria-labelledby="task-photos-heading" sx={{ display: 'grid', gap: 1.5 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
                <Typography
                  id="task-photos-heading"
                  component="h2"
                  variant="caption"
                  sx={{ color: 'text.secondary', fontWeight: 600, textTransform: 'uppercase', letterSpacing: '0.04em' }}
                >
                  {t('tasks.photos.title')}
                </Typography>
                {photos.length > 0 && (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('tasks.photos.count', { count: photos.length })}
                  </Typography>
                )}
              </Box>
              {mayEdit && (
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<AddPhotoAlternateRoundedIcon />}
                  onClick={() => setDialog({ open: true, photos: true })}
                  onMouseEnter={preloadPhotoUpload}
                  onFocus={preloadPhotoUpload}
                >
                  {t('tasks.photos.add')}
                </Button>
              )}
            </Box>
            {photos.length > 0 ? (
              <TaskPhotos photos={photos} title={task.title} variant="grid" />
            ) : (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('tasks.photos.none')}
              </Typography>
            )}
          </Box>
          <Divider />
          <TaskHistory taskId={task.id} version={task.updatedAt} />
        </CardContent>
      </Card>

      <LazyDialog open={dialog.open}>
        <TaskDialog
          open={dialog.open}
          task={task}
          startWithPhotos={dialog.photos}
          onClose={() => setDialog((current) => ({ ...current, open: false }))}
        />
      </LazyDialog>
    </>
  );
}
