import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ownerStayRequestBody } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { FormDateField, FormSelect, FormTextField } from '../../../lib/forms/fields';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { formatDay } from '../../reservations/utils/format';
import { requestOwnerStay } from '../api/owner';
import type { OwnerPortalProperty } from '../api/types';

const FIELDS = ['propertyId', 'checkinDate', 'checkoutDate', 'note'] as const;

export interface StayRequestFormProps {
  properties: OwnerPortalProperty[];
  /** The property chosen on arrival (`?property=`). */
  propertyId: string | undefined;
}

/** "Ask for an owner stay": the nights the owner wants for themselves; a manager accepts or declines. */
export function StayRequestForm({ properties, propertyId }: StayRequestFormProps) {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const form = useSchemaForm(ownerStayRequestBody, { defaultValues: { propertyId: propertyId ?? properties[0]?.id ?? '', checkinDate: '', checkoutDate: '', note: '' } });
  const pending = form.formState.isSubmitting;
  const refusal = form.formState.errors.root?.message;
  const checkin = form.watch('checkinDate');

  const submit = form.handleSubmit(async (body) => {
    try {
      const created = await requestOwnerStay(body);
      toast({
        title: t('ownerPortal.stays.sent'),
        description: t('ownerPortal.stays.sentText', { from: formatDay(created.checkinDate, i18n.language), to: formatDay(created.checkoutDate, i18n.language) }),
        severity: 'success',
      });
      form.reset({ propertyId: body.propertyId, checkinDate: '', checkoutDate: '', note: '' });
    } catch (error) {
      // 409: the nights are taken (in words, in the request's language); 400: the fields.
      if (!applyServerErrors(form, error, { fields: FIELDS })) form.setError('root', { message: errorMessage(error, t('ownerPortal.stays.failed')) });
    }
  });

  return (
    <Card component="section" aria-labelledby="stay-request-title">
      <CardContent>
        <Typography id="stay-request-title" variant="h6" component="h2">
          {t('ownerPortal.stays.formTitle')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('ownerPortal.stays.formHint')}
        </Typography>
        {refusal && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="stay-request-refusal">
            {refusal}
          </Alert>
        )}
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
          {properties.length > 1 && (
            <FormSelect form={form} name="propertyId" label={t('ownerPortal.property')} required fullWidth>
              {properties.map((property) => (
                <MenuItem key={property.id} value={property.id}>
                  {property.name}
                </MenuItem>
              ))}
            </FormSelect>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormDateField form={form} name="checkinDate" label={t('ownerPortal.stays.checkin')} required fullWidth />
            <FormDateField form={form} name="checkoutDate" label={t('ownerPortal.stays.checkout')} required fullWidth slotProps={{ htmlInput: { min: checkin || undefined } }} />
          </Box>
          <FormTextField form={form} name="note" label={t('ownerPortal.stays.note')} placeholder={t('ownerPortal.stays.notePlaceholder')} multiline minRows={2} fullWidth slotProps={{ htmlInput: { maxLength: 500 } }} />
          <Box>
            <Button type="submit" variant="contained" disabled={pending || properties.length === 0}>
              {pending ? t('ownerPortal.stays.sending') : t('ownerPortal.stays.submit')}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
