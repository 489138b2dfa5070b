// The task dialog's first row (type and status) and, when the status would complete a task whose
// required checklist items are still open, the warning that lists them.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { TASK_STATUSES, TASK_TYPES } from '#shared/enums';
import { FormSelect } from '../../../lib/forms/fields';
import { scrollBehavior } from '../../../lib/motion';
import type { TaskForm } from '../utils/task-form';

interface TaskStatusFieldsProps {
  form: TaskForm;
  /** Type disabled (saving, or staff who change only the status). */
  fieldDisabled: boolean;
  saving: boolean;
  /** Required checklist items still open (the server refuses to complete the task while any is). */
  openRequired: number;
  /** The chosen status would complete the task. */
  completing: boolean;
}

export function TaskStatusFields({ form, fieldDisabled, saving, openRequired, completing }: TaskStatusFieldsProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <FormSelect
        form={form}
        name="type"
        required
        label={t('tasks.fields.type')}
        disabled={fieldDisabled}
        slotProps={{ select: { name: 'type' } }}
      >
        {TASK_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`tasks.types.${type}`)}
          </MenuItem>
        ))}
      </FormSelect>
      <FormSelect
        form={form}
        name="status"
        label={t('tasks.fields.status')}
        disabled={saving}
        helperText={openRequired > 0 && !completing ? t('tasks.checklist.requiredOpen', { count: openRequired }) : undefined}
        slotProps={{ select: { name: 'status' } }}
      >
        {TASK_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`tasks.statuses.${status}`)}
          </MenuItem>
        ))}
      </FormSelect>
    </Box>
  );
}

interface CompletionBlockedProps {
  /** The descriptions of the required items still open. */
  items: { id: string; description: string }[];
  /** The id of the checklist's heading, scrolled to by the hint. */
  checklistId: string;
}

export function CompletionBlocked({ items, checklistId }: CompletionBlockedProps) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" sx={{ mt: -1 }}>
      <AlertTitle>{t('tasks.checklist.completeBlockedTitle', { count: items.length })}</AlertTitle>
      <Box component="ul" aria-label={t('tasks.checklist.openRequiredLabel')} sx={{ m: 0, pl: 2.5 }}>
        {items.map((item) => (
          <li key={item.id}>{item.description}</li>
        ))}
      </Box>
      <Link
        component="button"
        type="button"
        variant="body2"
        underline="always"
        onClick={() => document.getElementById(checklistId)?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' })}
        sx={{ mt: 0.5, color: 'inherit', textAlign: 'start' }}
      >
        {t('tasks.checklist.completeBlockedHint', { count: items.length })}
      </Link>
    </Alert>
  );
}
