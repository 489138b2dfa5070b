import { Suspense, lazy, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import ArrowBackRoundedIcon from '#icons/ArrowBackRounded';
import { useTranslation } from 'react-i18next';
import type { Task } from '#shared/schemas';
import { ErrorBoundary } from '../../../components/errors/ErrorBoundary';
import type { TaskWithPhotos } from '../api/add-task-photo';
import { visuallyHidden } from '../../../components/ui/visually-hidden';

const loadWidget = () => import('./PhotoUploadWidget');
const PhotoUploadWidget = lazy(loadWidget);

/** Starts downloading the upload widget (Uppy) before it is needed, e.g. when "Add photos" is hovered. */
export function preloadPhotoUpload(): void {
  void loadWidget().catch(() => undefined); // a failure shows when the step opens
}

/**
 * The width the task dialog takes on the photo step: the widget's 750 px (SPEC point 9,
 * PHOTO_DASHBOARD_SIZE in utils/photo-upload.ts, not imported here as it brings Uppy) plus padding.
 */
export const PHOTO_STEP_DIALOG_WIDTH = 750 + 2 * 24;

export interface PhotoUploadStepProps {
  /** The dialog title's id (the dialog is labelled by it). */
  titleId: string;
  /** The task the photos go to; it exists already. */
  task: Task;
  /** The step follows the creation of the task. */
  created?: boolean;
  /** Back to the task's details (edit mode); without it the step ends with Done. */
  onBack?: () => void;
  onDone: () => void;
  /** An upload is running. */
  onBusyChange?: (busy: boolean) => void;
  /** A photo was recorded: the task with all its photos. */
  onRecorded?: (task: TaskWithPhotos) => void;
}

/**
 * The task dialog's photo step (SPEC "Tasks"): the upload widget for one saved task. Photos are
 * recorded against the task as soon as they are uploaded, independently of the details form.
 */
export function PhotoUploadStep({ titleId, task, created, onBack, onDone, onBusyChange, onRecorded }: PhotoUploadStepProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  /** Photos picked in the widget and not sent yet: leaving the step would drop them. */
  const [waiting, setWaiting] = useState(0);
  /** The step's button was pressed once with photos waiting: the step said so; pressed again, it leaves. */
  const [warned, setWarned] = useState(false);
  const [announcement, setAnnouncement] = useState<{ title: string; description?: string }>();
  const changeBusy = (value: boolean) => {
    setBusy(value);
    onBusyChange?.(value);
  };
  const changeWaiting = (count: number) => {
    setWaiting(count);
    if (count === 0) setWarned(false);
  };
  /** Done or Back: the first press with photos still waiting says so instead of dropping them unseen. */
  const leave = (go: () => void) => () => {
    if (waiting > 0 && !warned) setWarned(true);
    else go();
  };
  const leaveLabel = onBack ? t('tasks.photos.back') : t('tasks.photos.done');
  const placeholder = { height: { xs: 360, sm: 550 }, display: 'grid', placeItems: 'center' } as const;

  return (
    <>
      <DialogTitle id={titleId}>{t('tasks.photos.stepTitle')}</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2, alignContent: 'start', pt: 2.5 }}>
        {created ? (
          <Alert severity="success">{t('tasks.photos.createdHint', { title: task.title })}</Alert>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('tasks.photos.stepHint', { title: task.title })}
          </Typography>
        )}
        {warned && waiting > 0 && (
          <Alert severity="warning" role="alert">
            {t('tasks.photos.notUploaded', { count: waiting, action: leaveLabel })}
          </Alert>
        )}
        <ErrorBoundary
          fallback={
            <Alert severity="error" sx={{ alignSelf: 'start' }}>
              {t('tasks.photos.loadFailed')}
            </Alert>
          }
        >
          <Suspense
            fallback={
              <Box sx={placeholder}>
                <CircularProgress aria-label={t('common.loading')} />
              </Box>
            }
          >
            <PhotoUploadWidget
              taskId={task.id}
              onBusyChange={changeBusy}
              onWaitingChange={changeWaiting}
              onRecorded={onRecorded}
              onAnnounce={(title, description) => setAnnouncement({ title, description })}
            />
          </Suspense>
        </ErrorBoundary>
        <Box role="status" sx={visuallyHidden}>
          {announcement && (
            <>
              <span>{announcement.title}</span> <span>{announcement.description}</span>
            </>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        {onBack ? (
          <Button onClick={leave(onBack)} disabled={busy} color="inherit" startIcon={<ArrowBackRoundedIcon />}>
            {leaveLabel}
          </Button>
        ) : (
          <Button variant="contained" onClick={leave(onDone)} disabled={busy}>
            {leaveLabel}
          </Button>
        )}
      </DialogActions>
    </>
  );
}
