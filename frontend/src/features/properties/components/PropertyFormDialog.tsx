import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { propertyBody, type Property, type PropertyBody } from '#shared/schemas';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/use-toast';
import { createProperty } from '../api/create-property';
import { updateProperty } from '../api/update-property';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/field-errors';

type Field = keyof PropertyBody;
const FIELDS: readonly Field[] = ['name', 'address'];

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
  const [values, setValues] = useState<PropertyBody>({ name: property?.name ?? '', address: property?.address ?? '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [pending, setPending] = useState(false);
  const editing = Boolean(property);

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = propertyBody.safeParse(values);
    if (!parsed.success) {
      setErrors(zodFieldErrors<Field>(parsed.error, t));
      return;
    }
    setPending(true);
    try {
      const saved = property ? await updateProperty(property.id, parsed.data) : await createProperty(parsed.data);
      toast({ title: t(editing ? 'properties.toast.updated' : 'properties.toast.created'), severity: 'success' });
      onSaved(saved);
    } catch (error) {
      setErrors(serverFieldErrors(error, FIELDS));
      // A plan-limit 403 carries SPEC's message, already in the request's language.
      const detail = isApiError(error) && error.status !== 400 ? errorMessage(error, '') : '';
      toast({
        title: t(editing ? 'properties.toast.updateFailed' : 'properties.toast.createFailed'),
        description: detail || undefined,
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent sx={{ pt: 0.5 }}>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            label={t('properties.form.name')}
            placeholder={t('properties.form.namePlaceholder')}
            value={values.name}
            onChange={change('name')}
            error={Boolean(errors.name)}
            helperText={errors.name}
            required
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            label={t('properties.form.address')}
            placeholder={t('properties.form.addressPlaceholder')}
            value={values.address}
            onChange={change('address')}
            error={Boolean(errors.address)}
            helperText={errors.address}
            required
            fullWidth
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
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
