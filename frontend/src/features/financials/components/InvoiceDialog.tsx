import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { invoiceBody, typedMoneyAmount } from '#shared/schemas';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/use-toast';
import { createInvoice } from '../api/invoices';
import { PropertyField } from './PropertyField';
import { FormAmountField, FormDateField, FormTextField } from '../../../lib/forms/fields';
import { mappedSchema } from '../../../lib/forms/schema-resolver';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';

/** The amount as typed ("1.250,50", "$1,250.50": typedMoneyAmount reads it); an empty client, description or property is none. */
const invoiceForm = mappedSchema(
  invoiceBody,
  (values: { amount: string; dueDate: string; client: string; description: string; propertyId: string }) => ({
    amount: values.amount,
    dueDate: values.dueDate,
    client: values.client || null,
    description: values.description || null,
    propertyId: values.propertyId || null,
  }),
  { amount: typedMoneyAmount },
);

export interface InvoiceDialogProps {
  open: boolean;
  onClose: () => void;
}

const inDays = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

/** New Invoice: amount (USD, 2 decimals), due date, and optionally a client, a description and a property. */
export function InvoiceDialog({ open, onClose }: InvoiceDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="invoice-dialog-title">
      <DialogTitle id="invoice-dialog-title">{t('financials.invoiceForm.title')}</DialogTitle>
      {open && <InvoiceForm onDone={onClose} />}
    </Dialog>
  );
}

function InvoiceForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const form = useSchemaForm(invoiceForm, { defaultValues: { amount: '', dueDate: inDays(30), client: '', description: '', propertyId: '' } });
  const pending = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (body) => {
    try {
      await createInvoice(body);
      toast({ title: t('financials.toast.invoiceCreated'), severity: 'success' });
      onDone();
    } catch (error) {
      applyServerErrors(form, error);
      const detail = isApiError(error) && error.status !== 400 ? errorMessage(error, '') : '';
      toast({ title: t('financials.toast.invoiceFailed'), description: detail || undefined, variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent sx={{ pt: 0.5 }}>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormAmountField form={form} name="amount" label={t('financials.invoiceForm.amount')} required autoFocus fullWidth testId="invoice-amount" />
            <FormDateField
              form={form}
              name="dueDate"
              label={t('financials.invoiceForm.dueDate')}
              required
              fullWidth
              slotProps={{ htmlInput: { 'data-testid': 'invoice-due-date' } }}
            />
          </Stack>
          <FormTextField
            form={form}
            name="client"
            label={t('financials.invoiceForm.client')}
            helperText={t('financials.form.optional')}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <FormTextField
            form={form}
            name="description"
            label={t('financials.invoiceForm.description')}
            helperText={t('financials.form.optional')}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <PropertyField form={form} name="propertyId" />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onDone} disabled={pending} color="inherit">
          {t('financials.form.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={pending}>
          {pending ? t('financials.form.saving') : t('financials.invoiceForm.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}
