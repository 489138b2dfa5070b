import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import PlayArrowRoundedIcon from '#icons/PlayArrowRounded';
import CheckCircleRoundedIcon from '#icons/CheckCircleRounded';
import ReportProblemOutlinedIcon from '#icons/ReportProblemOutlined';
import AddAPhotoOutlinedIcon from '#icons/AddAPhotoOutlined';
import { useTranslation } from 'react-i18next';
import { localDay } from '#shared/days';
import { formatInstant } from '../../../lib/zoned-format';
import type { PhotoKind } from '../../../lib/offline/types';
import type { MyChecklistItem } from '../api/get-my-tasks';
import type { DayTask } from '../utils/overlay';
import { MyChecklist } from './MyChecklist';
import { PhotoPicker, Thumb } from './PhotoPicker';
import { GuestsLeftLine } from '../../tasks/components/GuestsLeftLine';
import { PropertyBlock } from './PropertyBlock';
import type { InspectionBody } from '#shared/schemas';
import { InspectionActions, InspectionSummary } from '../../tasks/components/InspectionPanel';

export interface TaskHandlers {
  onStart: (task: DayTask) => void;
  onComplete: (task: DayTask) => void;
  onTick: (task: DayTask, item: MyChecklistItem, isCompleted: boolean) => void;
  onPhoto: (task: DayTask, file: File, itemId?: string, kind?: PhotoKind) => void;
  onReportProblem: (task: DayTask) => void;
  /** Issue 40: an inspection's result (queued like every action: offline too). */
  onInspect: (task: DayTask, result: InspectionBody) => void;
}

const STATUS_COLOR = { pending: 'default', in_progress: 'info', completed: 'success', cancelled: 'error' } as const;

/** One task of the day, phone first: what, where, how to get in, the checklist, photos and the next step. */
export function MyTaskCard({ task, timeZone, handlers }: { task: DayTask; timeZone: string; handlers: TaskHandlers }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const open = task.status === 'pending' || task.status === 'in_progress';
  // An inspection is recorded as passed or failed (POST /api/tasks/{id}/inspection), not completed.
  const inspecting = task.type === 'inspection' && Boolean(task.inspectsTaskId);
  const openRequired = task.checklist?.openRequiredItems ?? 0;
  const titleId = `task-${task.id}-title`;
  const serverPhotos = task.photos ?? [];
  const taskPhotos = task.localPhotos.filter((photo) => !photo.itemId);
  const photoCount = serverPhotos.length + taskPhotos.length;
  // A turnover is due at its stay's check-out: opened on an earlier day, the guest is still there
  // (or not even arrived). Said next to Start / Complete, never refused: the office may know better.
  const beforeCheckout =
    open && task.type === 'cleaning' && Boolean(task.reservationId) && Boolean(task.dueDate) && localDay(task.dueDate!, timeZone) > localDay(new Date(), timeZone);

  return (
    <Card component="article" aria-labelledby={titleId} sx={{ overflow: 'visible' }}>
      <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 600 }}>
              {t(`myDay.types.${task.type}`)}
              {task.dueDate ? ` · ${t('myDay.task.dueAt', { time: formatInstant(task.dueDate, language, task.overdue ? 'dateTime' : 'time', timeZone) })}` : ''}
            </Typography>
            <Typography id={titleId} component="h3" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
              {task.title}
            </Typography>
          </Box>
          <Chip label={t(`myDay.statuses.${task.status}`)} color={STATUS_COLOR[task.status]} size="small" sx={{ fontWeight: 600, flexShrink: 0 }} />
        </Box>

        <PropertyBlock task={task} timeZone={timeZone} />
        {task.status !== 'completed' && <GuestsLeftLine guestLeftAt={task.guestLeftAt} timeZone={timeZone} size="body2" />}
        {task.status === 'cancelled' && <Alert severity="error">{t('myDay.task.cancelled')}</Alert>}
        {task.refused.length > 0 && <Alert severity="warning">{t('myDay.task.notSent')}</Alert>}
        {/* Issue 40: a failed inspection's note and items on the cleaning; an inspection's cleaning. */}
        <InspectionSummary task={{ ...task, inspectionResult: null }} />

        {task.checklist && task.checklist.items.length > 0 && (
          <>
            <Divider />
            <MyChecklist
              taskId={task.id}
              checklist={task.checklist}
              localPhotos={task.localPhotos}
              editable={open}
              onTick={(item, checked) => handlers.onTick(task, item, checked)}
              onPhoto={(item, kind, file) => handlers.onPhoto(task, file, item.id, kind)}
            />
          </>
        )}

        <Divider />
        <Box component="section" aria-label={t('myDay.photos.title')} sx={{ display: 'grid', gap: 1 }}>
          <Typography component="h4" variant="subtitle2">
            {t('myDay.photos.title')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            {serverPhotos.map((photo, index) => (
              <Thumb key={photo.key} src={photo.url} alt={t('myDay.photos.alt', { n: index + 1, title: task.title })} />
            ))}
            {taskPhotos.map((photo, index) => (
              <Thumb key={photo.seq} blob={photo.blob} waiting alt={`${t('myDay.photos.alt', { n: serverPhotos.length + index + 1, title: task.title })} (${t('myDay.photos.waiting')})`} />
            ))}
            {photoCount === 0 && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('myDay.photos.none')}
              </Typography>
            )}
          </Box>
          {open && (
            <PhotoPicker onPicked={(files) => files.forEach((file) => handlers.onPhoto(task, file))} multiple>
              {(pick) => (
                <Button variant="outlined" startIcon={<AddAPhotoOutlinedIcon />} onClick={pick} sx={{ minHeight: 48, justifySelf: 'start' }}>
                  {t('myDay.photos.add')}
                </Button>
              )}
            </PhotoPicker>
          )}
        </Box>

        {task.problemsWaiting > 0 && (
          <Typography variant="body2" sx={{ color: 'warning.dark' }}>
            {t('myDay.task.problemsWaiting', { count: task.problemsWaiting })}
          </Typography>
        )}
        {task.status === 'completed' && task.completedAt && (
          <Typography variant="body2" sx={{ color: 'success.main', fontWeight: 600 }}>
            {t('myDay.task.completedAt', { time: formatInstant(task.completedAt, language, 'time', timeZone) })}
          </Typography>
        )}

        {beforeCheckout && (
          <Alert severity="warning" data-testid="turnover-before-checkout">
            {t('myDay.task.beforeCheckout', { time: formatInstant(task.dueDate, language, 'dateTime', timeZone) })}
          </Alert>
        )}
        {open && inspecting && (
          <InspectionActions
            large
            items={task.checklist?.items ?? []}
            onRecord={async (result) => handlers.onInspect(task, result)}
          />
        )}
        {open && (
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {inspecting ? null : task.status === 'pending' ? (
              <Button variant="contained" size="large" startIcon={<PlayArrowRoundedIcon />} onClick={() => handlers.onStart(task)} sx={{ minHeight: 56 }}>
                {t('myDay.task.start')}
              </Button>
            ) : (
              <Box sx={{ display: 'grid', gap: 0.5 }}>
                <Button
                  variant="contained"
                  color="success"
                  size="large"
                  startIcon={<CheckCircleRoundedIcon />}
                  onClick={() => handlers.onComplete(task)}
                  disabled={openRequired > 0}
                  aria-describedby={openRequired > 0 ? `${titleId}-required` : undefined}
                  sx={{ minHeight: 56 }}
                >
                  {t('myDay.task.complete')}
                </Button>
                {openRequired > 0 && (
                  <Typography id={`${titleId}-required`} variant="body2" sx={{ color: 'warning.dark', textAlign: 'center' }}>
                    {t('myDay.task.requiredOpen', { count: openRequired })}
                  </Typography>
                )}
              </Box>
            )}
            <Button variant="outlined" color="warning" size="large" startIcon={<ReportProblemOutlinedIcon />} onClick={() => handlers.onReportProblem(task)} sx={{ minHeight: 56 }}>
              {t('myDay.task.reportProblem')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
