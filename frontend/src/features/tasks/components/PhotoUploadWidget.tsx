// Loaded lazily (PhotoUploadStep): Uppy, its Dashboard and their CSS are a chunk of their own that
// is only downloaded when someone opens the photo step.
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Dashboard from '@uppy/react/dashboard';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage, isUnauthorizedError } from '../../../lib/api-client';
import { addTaskPhoto, type TaskWithPhotos } from '../api/add-task-photo';
import { createUploadUrl } from '../api/create-upload-url';
import { useRefreshTaskQueries } from '../api/refresh-task-queries';
import { createPhotoUppy, PHOTO_DASHBOARD_SIZE, uppyLocale, type PhotoBatchSummary, type PhotoUppy, type Translate } from '../utils/photo-upload';

export interface PhotoUploadWidgetProps {
  taskId: string;
  /** An upload is running (the dialog should not close under it). */
  onBusyChange?: (busy: boolean) => void;
  /** How many picked photos have not been sent yet (Upload not pressed for them). */
  onWaitingChange?: (waiting: number) => void;
  /** A photo was recorded: the task as the server answered, with all its photos. */
  onRecorded?: (task: TaskWithPhotos) => void;
  /**
   * The outcome of an upload, as the toast says it. While a dialog is open the toast is hidden
   * from screen readers (the page behind is inert), so the dialog repeats it.
   */
  onAnnounce?: (title: string, description?: string) => void;
}

/**
 * The photo upload widget: Uppy's Dashboard (drop zone, previews, the Upload button, progress,
 * Uppy's own messages in the interface language) for one task. Toasts (SPEC point 8):
 * "Files uploaded successfully" / "N file(s) uploaded successfully" once a batch is uploaded and
 * recorded; "Failed to get upload URL" when POST /api/objects/upload fails; "Failed to process
 * uploaded files" when PUT /api/task-photos fails. The task queries are refreshed after a batch.
 */
export default function PhotoUploadWidget({ taskId, onBusyChange, onWaitingChange, onRecorded, onAnnounce }: PhotoUploadWidgetProps) {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const refreshTaskQueries = useRefreshTaskQueries();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const language = i18n.resolvedLanguage ?? 'en';
  const translate: Translate = (key, options) => t(key, options);

  // The instance lives as long as the widget (one per task); callbacks read the latest props.
  const latest = useRef({ toast, t, refreshTaskQueries, onBusyChange, onWaitingChange, onRecorded, onAnnounce, translate, language });
  useEffect(() => {
    latest.current = { toast, t, refreshTaskQueries, onBusyChange, onWaitingChange, onRecorded, onAnnounce, translate, language };
  });

  const [uppy, setUppy] = useState<PhotoUppy>();
  useEffect(() => {
    const announceFailure = (title: string, error: unknown) => {
      if (isUnauthorizedError(error)) return; // the layout says "Unauthorized" and signs in again
      const { toast: show, t: tr, onAnnounce: announce } = latest.current;
      show({ variant: 'destructive', title: tr(title), description: errorMessage(error) });
      announce?.(tr(title), errorMessage(error));
    };
    const batchComplete = ({ recorded, recordErrors, uploadUrlErrors }: PhotoBatchSummary) => {
      const { toast: show, t: tr, refreshTaskQueries: refresh, onAnnounce: announce } = latest.current;
      if (recorded > 0) void refresh();
      if (recordErrors.length > 0) announceFailure('tasks.photos.toast.processFailed', recordErrors[0]);
      // A failure toast already on screen is not replaced by the success of the other files.
      else if (recorded > 0 && uploadUrlErrors === 0) {
        const title = tr('tasks.photos.toast.uploaded');
        const description = tr('tasks.photos.toast.uploadedCount', { count: recorded });
        show({ severity: 'success', title, description });
        announce?.(title, description);
      }
    };
    const instance = createPhotoUppy({
      taskId,
      locale: uppyLocale(latest.current.translate, latest.current.language),
      requestUploadUrl: createUploadUrl,
      recordPhoto: addTaskPhoto,
      describeError: (error) => errorMessage(error),
      onUploadUrlError: (error) => announceFailure('tasks.photos.toast.uploadUrlFailed', error),
      onRecorded: (task) => latest.current.onRecorded?.(task as TaskWithPhotos),
      onBatchComplete: batchComplete,
    });
    let busy = false;
    let waiting = 0;
    const onStateUpdate = () => {
      // Picked and never sent: a failed upload was tried (Uppy says so on the file), so it is not counted.
      const notSent = instance.getFiles().filter((file) => !file.progress.uploadStarted).length;
      if (notSent !== waiting) {
        waiting = notSent;
        latest.current.onWaitingChange?.(notSent);
      }
      const now = Object.keys(instance.getState().currentUploads).length > 0;
      if (now === busy) return;
      busy = now;
      latest.current.onBusyChange?.(now);
    };
    instance.on('state-update', onStateUpdate);
    setUppy(instance);
    return () => {
      instance.off('state-update', onStateUpdate);
      if (busy) latest.current.onBusyChange?.(false);
      if (waiting) latest.current.onWaitingChange?.(0);
      instance.destroy();
    };
  }, [taskId]);

  // The interface language changed while the widget is open.
  useEffect(() => {
    uppy?.setOptions({ locale: uppyLocale(latest.current.translate, language) });
  }, [uppy, language]);

  if (!uppy) return <Box sx={{ height: { xs: 360, sm: PHOTO_DASHBOARD_SIZE.height } }} />;
  return (
    <Dashboard
      uppy={uppy}
      width="100%"
      // 750 x 550 where it fits (the dialog is 750 wide inside); on phones as tall as the screen allows.
      height={phone ? 'max(320px, calc(100dvh - 250px))' : `min(${PHOTO_DASHBOARD_SIZE.height}px, calc(100dvh - 280px))`}
      note={t('tasks.photos.note')}
      proudlyDisplayPoweredByUppy={false}
      hideProgressAfterFinish={false}
      // No "Done" of its own: the step's button ends it (two "Done" would be one too many);
      // "Add more" takes further photos after an upload.
      doneButtonHandler={null}
      theme="light"
    />
  );
}
