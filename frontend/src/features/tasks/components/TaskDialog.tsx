import { useId, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { Task } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { scrollBehavior } from '../../../lib/motion';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { useCompanyTimeZone } from '../../companies/api/get-companies';
import type { TaskWithPhotos } from '../api/add-task-photo';
import { createTask } from '../api/create-task';
import { useTaskChecklist } from '../api/get-task-checklist';
import { useRefreshTaskQueries } from '../api/refresh-task-queries';
import { updateTask } from '../api/update-task';
import { canManageTasks } from '../utils/permissions';
import { initialTaskForm, taskFormSchema, TASK_FORM_FIELDS, type TaskFormValues } from '../utils/task-form';
import { PHOTO_STEP_DIALOG_WIDTH, PhotoUploadStep, preloadPhotoUpload } from './PhotoUploadStep';
import { TaskChecklist } from './TaskChecklist';
import { TaskDetailsFields } from './TaskDetailsFields';
import { TaskPhotosSection } from './TaskPhotosSection';
import { CompletionBlocked, TaskStatusFields } from './TaskStatusFields';

export interface TaskDialogProps {
  open: boolean;
  onClose: () => void;
  /** The task to edit; without it the dialog creates a new task. */
  task?: Task;
  /** Values for a new task (e.g. the property the dialog was opened from). */
  defaults?: Partial<TaskFormValues>;
  /** After a successful save (the toast is shown and the task queries are refreshed already). */
  onSaved?: (task: Task) => void;
  /** Open on the photo step of `task` (e.g. the task page's "Add photos"); it ends with Done. */
  startWithPhotos?: boolean;
}

/**
 * The task dialog, for creating and editing (SPEC "Tasks"): type, title, description, property,
 * assignee, status and due date, validated with the server's own schema (`taskBody`). Staff edit
 * only the status of their own tasks; the other fields are shown disabled. Used by the Tasks
 * screens and by the dashboard's "Create New Task".
 *
 * The photo step (SPEC points 5 and 7) needs a saved task, since the upload URLs are signed for
 * it. Editing: the details show the task's photos and "Add photos" opens the step (Back returns
 * to the details, with any edits kept). Creating: "Create Task" saves and closes as before, and
 * "Create and add photos" saves and then stays open on the step for the new task (Done closes).
 * While photos upload the dialog cannot be closed. On the step the dialog is 750 px wide inside
 * (SPEC point 9) where the screen allows.
 *
 * Editing also shows the task's checklist (ticks and before/after photos are saved at once, not
 * with the form), and next to the status the required items still open: the server refuses to
 * complete the task while any is, and the dialog then says why. Creating offers the "report a
 * problem at the property" switch (`issue`), which notifies the CEO.
 */
export function TaskDialog({ open, onClose, task, defaults, onSaved, startWithPhotos }: TaskDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  // The form mounts on each opening (a fresh start from the task's current values) and stays
  // until the closing fade has finished, so the dialog does not empty while it fades out.
  const [opening, setOpening] = useState({ open, count: open ? 1 : 0 });
  const [rendered, setRendered] = useState(open);
  const [photoStep, setPhotoStep] = useState(Boolean(open && startWithPhotos && task));
  const [uploading, setUploading] = useState(false);
  if (open !== opening.open) {
    setOpening({ open, count: open ? opening.count + 1 : opening.count });
    if (open) {
      setRendered(true);
      setPhotoStep(Boolean(startWithPhotos && task));
      setUploading(false);
    }
  }
  return (
    <Dialog
      open={open}
      onClose={uploading ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      slotProps={{
        transition: { onExited: () => setRendered(false) },
        paper: photoStep && !fullScreen ? { sx: { maxWidth: PHOTO_STEP_DIALOG_WIDTH } } : undefined,
      }}
    >
      {(open || rendered) && (
        <TaskDialogForm
          key={opening.count}
          titleId={titleId}
          task={task}
          defaults={defaults}
          onClose={onClose}
          onSaved={onSaved}
          startWithPhotos={startWithPhotos}
          photoStep={photoStep}
          onPhotoStepChange={setPhotoStep}
          onUploadingChange={setUploading}
        />
      )}
    </Dialog>
  );
}

interface TaskDialogFormProps extends Omit<TaskDialogProps, 'open'> {
  titleId: string;
  photoStep: boolean;
  onPhotoStepChange: (photoStep: boolean) => void;
  onUploadingChange: (uploading: boolean) => void;
}

function TaskDialogForm({ titleId, task, defaults, onClose, onSaved, startWithPhotos, photoStep, onPhotoStepChange, onUploadingChange }: TaskDialogFormProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { user } = useCurrentUser();
  const refreshTaskQueries = useRefreshTaskQueries();
  const { checklist, mutate: refreshChecklist } = useTaskChecklist(task?.id);
  const contentRef = useRef<HTMLDivElement>(null);
  const editing = Boolean(task);
  /** Staff may change only the status of the tasks assigned to them (the server checks it too). */
  const statusOnly = editing && !canManageTasks(user);
  // The due date is typed and shown as the company's wall clock, wherever the browser is.
  // Kept as the form opened with it, so the value shown and the value read use the same zone.
  const companyZone = useCompanyTimeZone();
  const [timeZone] = useState(companyZone);
  // Who may change what is known once the signed-in user has loaded: the schema follows.
  const schema = useMemo(() => taskFormSchema(task, statusOnly, timeZone), [task, statusOnly, timeZone]);
  const form = useSchemaForm(schema, { defaultValues: initialTaskForm(task, defaults, timeZone) });
  /** The task just created by "Create and add photos": the photo step's task. */
  const [created, setCreated] = useState<Task>();
  /** The task as the last recorded photo left it (newer photos than `task`). */
  const [withPhotos, setWithPhotos] = useState<TaskWithPhotos>();
  const saving = form.formState.isSubmitting;
  const fieldDisabled = saving || statusOnly;
  const formError = form.formState.errors.root?.message;

  /** Saves; `thenPhotos` (creating only): stays open on the photo step of the new task. */
  const save = (thenPhotos: boolean) =>
    form.handleSubmit(async (body) => {
      try {
        const saved = task ? await updateTask(task.id, body) : await createTask(body);
        toast({ title: t(task ? 'tasks.toast.updated' : 'tasks.toast.created'), severity: 'success' });
        void refreshTaskQueries();
        onSaved?.(saved);
        if (thenPhotos && !task) {
          setCreated(saved);
          onPhotoStepChange(true);
          return;
        }
        onClose();
      } catch (error) {
        if (isApiError(error) && error.status === 401) return; // the layout shows "Unauthorized" and signs in again
        const reason = isApiError(error) ? errorMessage(error) : undefined;
        const failed = t(task ? 'tasks.toast.updateFailed' : 'tasks.toast.createFailed');
        // Completion refused (required checklist items open, or the task changed meanwhile): read
        // the checklist again and bring the message and the status, at the top, into view.
        if (task && isApiError(error) && error.status === 409) {
          void refreshChecklist();
          contentRef.current?.scrollTo({ top: 0, behavior: scrollBehavior() });
        }
        // Also said inside the dialog: while it is open the rest of the page (the toast included) is
        // hidden from screen readers.
        if (!applyServerErrors(form, error, { fields: TASK_FORM_FIELDS })) {
          form.setError('root', { message: reason ? `${failed}: ${reason}` : failed });
        }
        toast({
          variant: 'destructive',
          title: t('tasks.toast.errorTitle'),
          description: (
            <>
              {failed}
              {reason && (
                <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                  {reason}
                </Box>
              )}
            </>
          ),
        });
      }
    });

  const photoTask = created ?? task;
  if (photoStep && photoTask) {
    return (
      <PhotoUploadStep
        titleId={titleId}
        task={photoTask}
        created={Boolean(created)}
        onBack={task && !startWithPhotos ? () => onPhotoStepChange(false) : undefined}
        onDone={onClose}
        onBusyChange={onUploadingChange}
        onRecorded={setWithPhotos}
      />
    );
  }
  const taskOpen = task?.status === 'pending' || task?.status === 'in_progress';
  /** The required checklist items still open: the server refuses to complete the task while any is. */
  const openRequired = taskOpen && checklist ? checklist.items.filter((item) => item.required && !item.isCompleted) : [];
  const completing = form.watch('status') === 'completed' && task?.status !== 'completed';
  const checklistId = `${titleId}-checklist`;
  // Staff work through the checklist and change only the status: it comes right after the status.
  const checklistSection = task && <TaskChecklist task={task} headingId={checklistId} variant="dialog" />;

  return (
    <Box component="form" noValidate onSubmit={save(false)} sx={{ display: 'contents' }}>
      <DialogTitle id={titleId}>{t(editing ? 'tasks.dialog.editTitle' : 'tasks.dialog.createTitle')}</DialogTitle>
      <DialogContent ref={contentRef} dividers sx={{ display: 'grid', gap: 2.5, pt: 2.5 }}>
        {statusOnly && <Alert severity="info">{t('tasks.dialog.statusOnlyHint')}</Alert>}
        {formError && <Alert severity="error">{formError}</Alert>}
        <TaskStatusFields form={form} fieldDisabled={fieldDisabled} saving={saving} openRequired={openRequired.length} completing={completing} />
        {completing && openRequired.length > 0 && <CompletionBlocked items={openRequired} checklistId={checklistId} />}
        {statusOnly && checklistSection}
        <TaskDetailsFields form={form} titleId={titleId} editing={editing} fieldDisabled={fieldDisabled} saving={saving} autoFocus={!statusOnly} timeZone={timeZone} />
        {!statusOnly && checklistSection}
        <TaskPhotosSection titleId={titleId} task={task && (withPhotos ?? task)} disabled={saving} onAddPhotos={() => onPhotoStepChange(true)} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        <Button onClick={onClose} disabled={saving} color="inherit">
          {t('common.cancel')}
        </Button>
        {!editing && (
          <Button variant="outlined" disabled={saving} onClick={() => void save(true)()} onMouseEnter={preloadPhotoUpload} onFocus={preloadPhotoUpload}>
            {t('tasks.dialog.createAndAddPhotos')}
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? t('tasks.dialog.saving') : t(editing ? 'tasks.dialog.save' : 'tasks.dialog.create')}
        </Button>
      </DialogActions>
    </Box>
  );
}
