import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { FormDateField, FormTextField } from '../../../lib/forms/fields';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { createBlock } from '../api/portfolio';
import { blockFormSchema } from '../utils/block-form';

export interface BlockFormProps {
  propertyId: string;
  propertyName: string;
  kind: 'block' | 'owner';
  initialDays: { checkinDay: string; checkoutDay: string };
  onBack: () => void;
  onSaved: () => Promise<unknown> | void;
  onClose: () => void;
}

/** A block or an owner stay: its nights (a drag filled them in) and an optional note. */
export function BlockForm({ propertyId, propertyName, kind, initialDays, onBack, onSaved, onClose }: BlockFormProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const schema = useMemo(() => blockFormSchema(propertyId, kind, t), [propertyId, kind, t]);
  const form = useSchemaForm(schema, { defaultValues: { checkinDate: initialDays.checkinDay, checkoutDate: initialDays.checkoutDay, note: '' } });
  const pending = form.formState.isSubmitting;
  const formError = form.formState.errors.root?.message;
  const clearRoot = () => form.clearErrors('root');

  const submit = form.handleSubmit(async (body) => {
    try {
      await createBlock(body);
      await onSaved();
      toast({ title: t(kind === 'owner' ? 'portfolioCalendar.block.createdOwner' : 'portfolioCalendar.block.created', { property: propertyName }), severity: 'success' });
      onClose();
    } catch (error) {
      if (!applyServerErrors(form, error, { fields: ['checkinDate', 'checkoutDate', 'note'] })) form.setError('root', { message: errorMessage(error, t('portfolioCalendar.block.failed')) });
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="portfolio-block-form">
      <DialogContent sx={{ pt: 0.5 }}>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {formError && (
            <Alert severity="error" data-testid="portfolio-block-error">
              {formError}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormDateField form={form} name="checkinDate" onValueChange={clearRoot} label={t('portfolioCalendar.block.from')} required fullWidth />
            <FormDateField form={form} name="checkoutDate" onValueChange={clearRoot} label={t('portfolioCalendar.block.to')} required fullWidth />
          </Box>
          <FormTextField form={form} name="note" onValueChange={clearRoot} label={t('portfolioCalendar.block.note')} fullWidth autoFocus slotProps={{ htmlInput: { maxLength: 120 } }} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onBack} disabled={pending} color="inherit" sx={{ mr: 'auto' }}>
          {t('portfolioCalendar.block.back')}
        </Button>
        <Button type="submit" variant="contained" disabled={pending}>
          {pending ? t('portfolioCalendar.block.saving') : t('portfolioCalendar.block.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
