import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { propertyGroupBody, type Property, type PropertyGroup } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { FormTextField } from '../../../lib/forms/fields';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { savePropertyGroup } from '../api/property-groups';

export interface PropertyGroupFormProps {
  /** The group being changed; absent: a new group. */
  group?: PropertyGroup;
  properties: Property[];
  onDone: () => void;
}

/** A group's name and its properties (a property may be in several groups). */
export function PropertyGroupForm({ group, properties, onDone }: PropertyGroupFormProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const form = useSchemaForm(propertyGroupBody, { defaultValues: { name: group?.name ?? '', propertyIds: group?.propertyIds ?? [] } });
  const chosen = form.watch('propertyIds') ?? [];
  const refusal = form.formState.errors.root?.message ?? form.formState.errors.propertyIds?.message;
  const toggle = (id: string, on: boolean) =>
    form.setValue('propertyIds', on ? [...chosen, id] : chosen.filter((candidate) => candidate !== id), { shouldDirty: true });

  const submit = form.handleSubmit(async (body) => {
    try {
      await savePropertyGroup(group?.id, body);
      toast({ title: t(group ? 'properties.groups.saved' : 'properties.groups.created', { name: body.name }), severity: 'success' });
      onDone();
    } catch (error) {
      if (isApiError(error) && error.status === 400) applyServerErrors(form, error, { fields: ['name'] });
      form.setError('root', { message: errorMessage(error, t('properties.groups.failed')) });
    }
  });

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t(group ? 'properties.groups.editTitle' : 'properties.groups.newTitle')}>
      <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
        {t(group ? 'properties.groups.editTitle' : 'properties.groups.newTitle')}
      </Typography>
      <FormTextField form={form} name="name" label={t('properties.groups.name')} required fullWidth size="small" slotProps={{ htmlInput: { maxLength: 100 } }} />
      <Typography variant="body2" sx={{ mt: 2, mb: 0.5, color: 'text.secondary' }}>
        {t('properties.groups.members')}
      </Typography>
      <FormGroup sx={{ maxHeight: 220, overflowY: 'auto' }}>
        {properties.map((property) => (
          <FormControlLabel
            key={property.id}
            label={property.name}
            control={<Checkbox size="small" checked={chosen.includes(property.id)} onChange={(event) => toggle(property.id, event.target.checked)} />}
          />
        ))}
      </FormGroup>
      {refusal && (
        <FormHelperText error role="alert">
          {refusal}
        </FormHelperText>
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 2 }}>
        <Button onClick={onDone}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          {t('properties.groups.save')}
        </Button>
      </Box>
    </Box>
  );
}
