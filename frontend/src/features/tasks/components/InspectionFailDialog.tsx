import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { MAX_INSPECTION_NOTE, type InspectionBody } from '#shared/schemas';
import { FormCheckbox, FormTextField } from '../../../lib/forms/fields';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';

export interface InspectionItem {
  id: string;
  description: string;
}

/** The fail form: one box per checklist item (checked: failed) and the note; at least one of them. */
const failForm = z.object({
  failed: z.record(z.string(), z.boolean()),
  note: z.string().check(z.maxLength(MAX_INSPECTION_NOTE, { error: 'validation.tooLong' })),
});

export interface InspectionFailDialogProps {
  open: boolean;
  items: readonly InspectionItem[];
  onClose: () => void;
  /** Records the fail; rejects with the server's error (shown on the form). */
  onFail: (body: InspectionBody) => Promise<void>;
}

/** "Fail": which items failed (the cleaner gets them unticked) and what the inspector saw. */
export function InspectionFailDialog({ open, items, onClose, onFail }: InspectionFailDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="inspection-fail-title">
      <DialogTitle id="inspection-fail-title">{t('tasks.inspection.failTitle')}</DialogTitle>
      {open && <FailForm items={items} onClose={onClose} onFail={onFail} />}
    </Dialog>
  );
}

function FailForm({ items, onClose, onFail }: Omit<InspectionFailDialogProps, 'open'>) {
  const { t } = useTranslation();
  const form = useSchemaForm(failForm, { defaultValues: { failed: Object.fromEntries(items.map((item) => [item.id, false])), note: '' } });
  const pending = form.formState.isSubmitting;
  const submit = form.handleSubmit(async (values) => {
    const failedItemIds = items.filter((item) => values.failed[item.id]).map((item) => item.id);
    const note = values.note.trim();
    if (!failedItemIds.length && !note) {
      form.setError('root', { message: t('tasks.inspection.failNeedsReason') });
      return;
    }
    try {
      await onFail({ passed: false, failedItemIds, note: note || null });
      onClose();
    } catch (error) {
      applyServerErrors(form, error);
    }
  });
  const failure = form.formState.errors.root?.message;
  return (
    <form onSubmit={submit} noValidate>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: 0.5 }}>
        {items.length > 0 && (
          <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
              {t('tasks.inspection.failedItems')}
            </Typography>
            <FormGroup>
              {items.map((item) => (
                <FormCheckbox key={item.id} form={form} name={`failed.${item.id}`} label={item.description} />
              ))}
            </FormGroup>
          </fieldset>
        )}
        <FormTextField form={form} name="note" label={t('tasks.inspection.note')} placeholder={t('tasks.inspection.notePlaceholder')} multiline minRows={3} fullWidth slotProps={{ htmlInput: { maxLength: MAX_INSPECTION_NOTE } }} />
        {failure && (
          <FormHelperText error role="alert">
            {failure}
          </FormHelperText>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={pending} color="inherit">
          {t('tasks.inspection.cancel')}
        </Button>
        <Button type="submit" variant="contained" color="error" disabled={pending}>
          {t('tasks.inspection.recordFail')}
        </Button>
      </DialogActions>
    </form>
  );
}
