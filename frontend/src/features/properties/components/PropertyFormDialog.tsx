import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { Property } from '#shared/schemas';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/use-toast';
import { createProperty } from '../api/create-property';
import { updateProperty } from '../api/update-property';
import { FormAmountField, FormTextField } from '../../../lib/forms/fields';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { InspectionFields } from './InspectionFields';
import { initialPropertyForm, propertyFormSchema } from './property-form-schema';

export interface PropertyFormDialogProps {
  open: boolean;
  onClose: () => void;
  /** The property to edit; absent to add one. */
  property?: Property;
  /** Called with the saved property after a success toast. */
  onSaved?: (property: Property) => void;
}

/** "Adicionar Propriedade" / edit: name and address, validated with the server's propertyBody. */
export function PropertyFormDialog({ open, onClose, property, onSaved }: PropertyFormDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const editing = Boolean(property);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="property-form-title"
    >
      <DialogTitle id="property-form-title">{editing ? t('properties.form.editTitle') : t('properties.form.createTitle')}</DialogTitle>
      {/* Mounted only while open, so each opening starts from the property (or empty). */}
      {open && <PropertyForm property={property} onCancel={onClose} onSaved={(saved) => { onSaved?.(saved); onClose(); }} />}
    </Dialog>
  );
}

interface PropertyFormProps {
  property?: Property;
  onCancel: () => void;
  onSaved: (property: Property) => void;
}

function PropertyForm({ property, onCancel, onSaved }: PropertyFormProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const form = useSchemaForm(propertyFormSchema, { defaultValues: initialPropertyForm(property) });
  const pending = form.formState.isSubmitting;
  const editing = Boolean(property);

  const submit = form.handleSubmit(async (body) => {
    try {
      const saved = property ? await updateProperty(property.id, body) : await createProperty(body);
      toast({ title: t(editing ? 'properties.toast.updated' : 'properties.toast.created'), severity: 'success' });
      onSaved(saved);
    } catch (error) {
      applyServerErrors(form, error);
      // A plan-limit 403 carries SPEC's message, already in the request's language.
      const detail = isApiError(error) && error.status !== 400 ? errorMessage(error, '') : '';
      toast({
        title: t(editing ? 'properties.toast.updateFailed' : 'properties.toast.createFailed'),
        description: detail || undefined,
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent sx={{ pt: 0.5 }}>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <FormTextField
            form={form}
            name="name"
            label={t('properties.form.name')}
            placeholder={t('properties.form.namePlaceholder')}
            required
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <FormTextField
            form={form}
            name="address"
            label={t('properties.form.address')}
            placeholder={t('properties.form.addressPlaceholder')}
            required
            fullWidth
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          {/* How to get in: managers always see these; staff from the day before their task until it is done. */}
          <FormTextField
            form={form}
            name="accessNotes"
            label={t('properties.form.accessNotes')}
            placeholder={t('properties.form.accessNotesPlaceholder')}
            helperText={t('properties.form.accessNotesHelp')}
            fullWidth
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <FormTextField
            form={form}
            name="doorCode"
            label={t('properties.form.doorCode')}
            fullWidth
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 40 } }}
          />
          <InspectionFields form={form} disabled={pending} />
          {/* Issue 41 point 4: a repair estimated above this waits for the owner's approval. */}
          <FormAmountField
            form={form}
            name="ownerApprovalLimit"
            label={t('properties.form.approvalLimit')}
            helperText={t('properties.form.approvalLimitHelp')}
            placeholder=""
            fullWidth
            testId="property-approval-limit"
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onCancel} disabled={pending} color="inherit">
          {t('properties.form.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={pending}>
          {pending
            ? t(editing ? 'properties.form.saving' : 'properties.form.creating')
            : t(editing ? 'properties.form.save' : 'properties.form.create')}
        </Button>
      </DialogActions>
    </form>
  );
}
