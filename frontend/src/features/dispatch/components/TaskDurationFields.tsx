import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TASK_TYPES } from '#shared/enums';
import { MAX_TASK_DURATION_MINUTES, MIN_TASK_DURATION_MINUTES } from '#shared/schemas';
import type { TaskDurations } from '#shared/dispatch';
import { FormTextField } from '../../../lib/forms/fields';

/** The form values these fields fill: minutes as typed, per task type. */
export type TaskDurationValues = { taskDurations: Record<keyof TaskDurations, string> };

/** Typed minutes as the body's numbers (empty is no number, so the schema says why). */
export function taskDurationsBody(values: TaskDurationValues['taskDurations']): TaskDurations {
  const minutes = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
  return { cleaning: minutes(values.cleaning), maintenance: minutes(values.maintenance), laundry: minutes(values.laundry), inspection: minutes(values.inspection) };
}

export function taskDurationValues(durations: (Omit<TaskDurations, 'inspection'> & { inspection?: number }) | undefined): TaskDurationValues['taskDurations'] {
  return { cleaning: String(durations?.cleaning ?? 120), maintenance: String(durations?.maintenance ?? 90), laundry: String(durations?.laundry ?? 60), inspection: String(durations?.inspection ?? 30) };
}

/** The company's planned minutes per task type (dispatch board workload and warnings), in a settings form. */
/* eslint-disable @typescript-eslint/no-explicit-any -- any settings form that holds TaskDurationValues, whatever its output */
export function TaskDurationFields<T extends TaskDurationValues>({ form, disabled }: { form: UseFormReturn<T, any, any>; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="task-durations-title">
      <Typography id="task-durations-title" variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {t('dispatch.durations.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {t('dispatch.durations.description')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        {TASK_TYPES.map((type) => (
          <FormTextField
            key={type}
            form={form}
            name={`taskDurations.${type}` as FieldPath<T>}
            label={t(`dispatch.durations.${type}`)}
            type="number"
            disabled={disabled}
            fullWidth
            slotProps={{ htmlInput: { min: MIN_TASK_DURATION_MINUTES, max: MAX_TASK_DURATION_MINUTES, step: 5, inputMode: 'numeric' } }}
          />
        ))}
      </Stack>
    </section>
  );
}
