import { useId, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateRoundedIcon from '@mui/icons-material/AddPhotoAlternateRounded';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { TASK_STATUSES, TASK_TYPES } from '#shared/enums';
import type { Task } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { photosOf, type TaskWithPhotos } from '../api/add-task-photo';
import { createTask } from '../api/create-task';
import { usePropertyLookup } from '../api/get-properties';
import { useTaskChecklist } from '../api/get-task-checklist';
import { useTeamLookup, memberName } from '../api/get-team';
import { useRefreshTaskQueries } from '../api/refresh-task-queries';
import { updateTask } from '../api/update-task';
import { canManageTasks } from '../utils/permissions';
import {
  initialTaskForm,
  isTaskStatus,
  isTaskType,
  serverFieldErrors,
  taskFormToBody,
  validateTaskForm,
  type TaskFormErrors,
  type TaskFormField,
  type TaskFormValues,
} from '../utils/task-form';
import { translateMessage } from '../utils/translate-message';
import { PHOTO_STEP_DIALOG_WIDTH, PhotoUploadStep, preloadPhotoUpload } from './PhotoUploadStep';
import { TaskChecklist } from './TaskChecklist';
import { TaskPhotos } from './TaskPhotos';

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
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const { user } = useCurrentUser();
  const { properties, isLoading: propertiesLoading } = usePropertyLookup();
  const { members, isLoading: teamLoading } = useTeamLookup();
  const refreshTaskQueries = useRefreshTaskQueries();
  const { checklist, mutate: refreshChecklist } = useTaskChecklist(task?.id);
  const contentRef = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState<TaskFormValues>(() => initialTaskForm(task, defaults));
  const [errors, setErrors] = useState<TaskFormErrors>({});
  const [saving, setSaving] = useState(false);
  /** The task just created by "Create and add photos": the photo step's task. */
  const [created, setCreated] = useState<Task>();
  /** The task as the last recorded photo left it (newer photos than `task`). */
  const [withPhotos, setWithPhotos] = useState<TaskWithPhotos>();

  const editing = Boolean(task);
  /** Staff may change only the status of the tasks assigned to them (the server checks it too). */
  const statusOnly = editing && !canManageTasks(user);
  const fieldDisabled = saving || statusOnly;
  const message = (field: TaskFormField | 'form') => translateMessage(t, (key) => i18n.exists(key), errors[field]);

  const set = <K extends TaskFormField>(field: K, value: TaskFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save(false);
  };

  /** Saves; `thenPhotos` (creating only): stays open on the photo step of the new task. */
  const save = async (thenPhotos: boolean) => {
    const result = validateTaskForm(taskFormToBody(values, task, statusOnly));
    if (!result.success) {
      setErrors(result.errors);
      return;
    }
    setSaving(true);
    try {
      const saved = task ? await updateTask(task.id, result.body) : await createTask(result.body);
      toast({ title: t(task ? 'tasks.toast.updated' : 'tasks.toast.created'), severity: 'success' });
      void refreshTaskQueries();
      onSaved?.(saved);
      if (thenPhotos && !task) {
        setCreated(saved);
        setSaving(false);
        onPhotoStepChange(true);
        return;
      }
      onClose();
    } catch (error) {
      setSaving(false);
      if (isApiError(error) && error.status === 401) return; // the layout shows "Unauthorized" and signs in again
      const reason = isApiError(error) ? errorMessage(error) : undefined;
      const failed = t(task ? 'tasks.toast.updateFailed' : 'tasks.toast.createFailed');
      const fieldErrors = isApiError(error) && error.status === 400 ? serverFieldErrors(error.body) : {};
      // Completion refused (required checklist items open, or the task changed meanwhile): read
      // the checklist again and bring the message and the status, at the top, into view.
      if (task && isApiError(error) && error.status === 409) {
        void refreshChecklist();
        contentRef.current?.scrollTo({ top: 0, behavior: 'smooth' });
      }
      // Also said inside the dialog: while it is open the rest of the page (the toast included) is
      // hidden from screen readers.
      setErrors(Object.keys(fieldErrors).length ? fieldErrors : { form: reason ? `${failed}: ${reason}` : failed });
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
  };

  // A task's property or assignee beyond the loaded lists still shows (by id) rather than blank.
  const propertyMissing = values.propertyId && !properties.some((property) => property.id === values.propertyId);
  const assigneeMissing = values.assignedUserId && !members.some((member) => member.id === values.assignedUserId);

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
  const photos = task ? photosOf(withPhotos ?? task) : [];
  const taskOpen = task?.status === 'pending' || task?.status === 'in_progress';
  /** The required checklist items still open: the server refuses to complete the task while any is. */
  const openRequired = taskOpen && checklist ? checklist.items.filter((item) => item.required && !item.isCompleted) : [];
  const completing = values.status === 'completed' && task?.status !== 'completed';
  const checklistId = `${titleId}-checklist`;
  // Staff work through the checklist and change only the status: it comes right after the status.
  const checklistSection = task && <TaskChecklist task={task} headingId={checklistId} variant="dialog" />;

  return (
    <Box component="form" noValidate onSubmit={handleSubmit} sx={{ display: 'contents' }}>
      <DialogTitle id={titleId}>{t(editing ? 'tasks.dialog.editTitle' : 'tasks.dialog.createTitle')}</DialogTitle>
      <DialogContent ref={contentRef} dividers sx={{ display: 'grid', gap: 2.5, pt: 2.5 }}>
        {statusOnly && <Alert severity="info">{t('tasks.dialog.statusOnlyHint')}</Alert>}
        {message('form') && <Alert severity="error">{message('form')}</Alert>}

        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            select
            required
            label={t('tasks.fields.type')}
            value={values.type}
            onChange={(event) => set('type', isTaskType(event.target.value) ? event.target.value : '')}
            disabled={fieldDisabled}
            error={Boolean(errors.type)}
            helperText={message('type')}
            slotProps={{ select: { name: 'type' } }}
          >
            {TASK_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`tasks.types.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('tasks.fields.status')}
            value={values.status}
            onChange={(event) => isTaskStatus(event.target.value) && set('status', event.target.value)}
            disabled={saving}
            error={Boolean(errors.status)}
            helperText={
              message('status') ??
              (openRequired.length > 0 && !completing ? t('tasks.checklist.requiredOpen', { count: openRequired.length }) : undefined)
            }
            slotProps={{ select: { name: 'status' } }}
          >
            {TASK_STATUSES.map((status) => (
              <MenuItem key={status} value={status}>
                {t(`tasks.statuses.${status}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {completing && openRequired.length > 0 && (
          <Alert severity="warning" sx={{ mt: -1 }}>
            <AlertTitle>{t('tasks.checklist.completeBlockedTitle', { count: openRequired.length })}</AlertTitle>
            <Box component="ul" aria-label={t('tasks.checklist.openRequiredLabel')} sx={{ m: 0, pl: 2.5 }}>
              {openRequired.map((item) => (
                <li key={item.id}>{item.description}</li>
              ))}
            </Box>
            <Link
              component="button"
              type="button"
              variant="body2"
              underline="always"
              onClick={() => document.getElementById(checklistId)?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
              sx={{ mt: 0.5, color: 'inherit', textAlign: 'start' }}
            >
              {t('tasks.checklist.completeBlockedHint', { count: openRequired.length })}
            </Link>
          </Alert>
        )}
        {statusOnly && checklistSection}

        <TextField
          required
          name="title"
          label={t('tasks.fields.title')}
          placeholder={t('tasks.fields.titlePlaceholder')}
          value={values.title}
          onChange={(event) => set('title', event.target.value)}
          disabled={fieldDisabled}
          error={Boolean(errors.title)}
          helperText={message('title')}
          autoFocus={!statusOnly}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />

        <TextField
          name="description"
          label={t('tasks.fields.description')}
          placeholder={t('tasks.fields.descriptionPlaceholder')}
          value={values.description}
          onChange={(event) => set('description', event.target.value)}
          disabled={fieldDisabled}
          error={Boolean(errors.description)}
          helperText={message('description')}
          multiline
          minRows={3}
          slotProps={{ htmlInput: { maxLength: 5000 } }}
        />

        <TextField
          select
          required
          label={t('tasks.fields.property')}
          value={values.propertyId}
          onChange={(event) => set('propertyId', event.target.value)}
          disabled={fieldDisabled}
          error={Boolean(errors.propertyId)}
          helperText={message('propertyId') ?? (!propertiesLoading && properties.length === 0 ? t('tasks.dialog.noProperties') : undefined)}
          slotProps={{ select: { name: 'propertyId' } }}
        >
          {propertyMissing && <MenuItem value={values.propertyId}>{values.propertyId}</MenuItem>}
          {properties.map((property) => (
            <MenuItem key={property.id} value={property.id}>
              {property.name}
            </MenuItem>
          ))}
          {propertiesLoading && (
            <MenuItem value="__loading" disabled>
              {t('common.loading')}
            </MenuItem>
          )}
        </TextField>

        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            select
            label={t('tasks.fields.assignee')}
            value={values.assignedUserId}
            onChange={(event) => set('assignedUserId', event.target.value)}
            disabled={fieldDisabled}
            error={Boolean(errors.assignedUserId)}
            helperText={message('assignedUserId')}
            slotProps={{ select: { name: 'assignedUserId', displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('tasks.unassigned')}</MenuItem>
            {assigneeMissing && <MenuItem value={values.assignedUserId}>{values.assignedUserId}</MenuItem>}
            {members.map((member) => (
              <MenuItem key={member.id} value={member.id}>
                {memberName(member)}
              </MenuItem>
            ))}
            {teamLoading && (
              <MenuItem value="__loading" disabled>
                {t('common.loading')}
              </MenuItem>
            )}
          </TextField>
          <TextField
            type="datetime-local"
            name="dueDate"
            label={t('tasks.fields.dueDate')}
            value={values.dueDate}
            onChange={(event) => set('dueDate', event.target.value)}
            disabled={fieldDisabled}
            error={Boolean(errors.dueDate)}
            helperText={message('dueDate')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>

        {!editing && (
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={values.issue}
                  onChange={(event) => set('issue', event.target.checked)}
                  name="issue"
                  slotProps={{ input: { 'aria-describedby': `${titleId}-issue-hint` } }}
                />
              }
              label={t('tasks.fields.issue')}
              disabled={saving}
              slotProps={{ typography: { variant: 'body2' } }}
            />
            <FormHelperText id={`${titleId}-issue-hint`} sx={{ mt: 0, ml: 0 }}>{t('tasks.fields.issueHint')}</FormHelperText>
          </Box>
        )}

        {!statusOnly && checklistSection}

        <Box component="section" aria-labelledby={`${titleId}-photos`} sx={{ display: 'grid', gap: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, minHeight: task ? 32 : undefined }}>
            <Typography id={`${titleId}-photos`} variant="subtitle2" component="h3">
              {t('tasks.photos.title')}
              {photos.length > 0 && (
                <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                  {' · '}
                  {t('tasks.photos.count', { count: photos.length })}
                </Box>
              )}
            </Typography>
            {task && (
              <Button
                size="small"
                startIcon={<AddPhotoAlternateRoundedIcon />}
                onClick={() => onPhotoStepChange(true)}
                onMouseEnter={preloadPhotoUpload}
                onFocus={preloadPhotoUpload}
                disabled={saving}
              >
                {t('tasks.photos.add')}
              </Button>
            )}
          </Box>
          {task && photos.length > 0 ? (
            <TaskPhotos photos={photos} title={task.title} variant="strip" max={6} />
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t(task ? 'tasks.photos.none' : 'tasks.photos.createHint')}
            </Typography>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        <Button onClick={onClose} disabled={saving} color="inherit">
          {t('common.cancel')}
        </Button>
        {!editing && (
          <Button variant="outlined" disabled={saving} onClick={() => void save(true)} onMouseEnter={preloadPhotoUpload} onFocus={preloadPhotoUpload}>
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
