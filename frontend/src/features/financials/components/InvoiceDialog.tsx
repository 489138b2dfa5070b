import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { invoiceBody } from '#shared/schemas';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/use-toast';
import { createInvoice } from '../api/invoices';
import { usePropertyOptions } from '../api/get-property-options';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/field-errors';

type Field = 'amount' | 'dueDate' | 'client' | 'description' | 'propertyId';
const FIELDS: readonly Field[] = ['amount', 'dueDate', 'client', 'description', 'propertyId'];

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
  const properties = usePropertyOptions(true);
  const [values, setValues] = useState<Record<Field, string>>({ amount: '', dueDate: inDays(30), client: '', description: '', propertyId: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [pending, setPending] = useState(false);

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = invoiceBody.safeParse({
      amount: values.amount.replace(/[$,\s]/g, ''),
      dueDate: values.dueDate,
      client: values.client || null,
      description: values.description || null,
      propertyId: values.propertyId || null,
    });
    if (!parsed.success) {
      setErrors(zodFieldErrors<Field>(parsed.error, t));
      return;
    }
    setPending(true);
    try {
      await createInvoice(parsed.data);
      toast({ title: t('financials.toast.invoiceCreated'), severity: 'success' });
      onDone();
    } catch (error) {
      setErrors(serverFieldErrors(error, FIELDS));
      const detail = isApiError(error) && error.status !== 400 ? errorMessage(error, '') : '';
      toast({ title: t('financials.toast.invoiceFailed'), description: detail || undefined, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent sx={{ pt: 0.5 }}>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('financials.invoiceForm.amount')}
              value={values.amount}
              onChange={change('amount')}
              error={Boolean(errors.amount)}
              helperText={errors.amount}
              required
              autoFocus
              fullWidth
              placeholder="0.00"
              slotProps={{
                htmlInput: { inputMode: 'decimal', maxLength: 14, 'data-testid': 'invoice-amount' },
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              }}
            />
            <TextField
              label={t('financials.invoiceForm.dueDate')}
              type="date"
              value={values.dueDate}
              onChange={change('dueDate')}
              error={Boolean(errors.dueDate)}
              helperText={errors.dueDate}
              required
              fullWidth
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'invoice-due-date' } }}
            />
          </Stack>
          <TextField
            label={t('financials.invoiceForm.client')}
            value={values.client}
            onChange={change('client')}
            error={Boolean(errors.client)}
            helperText={errors.client ?? t('financials.form.optional')}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            label={t('financials.invoiceForm.description')}
            value={values.description}
            onChange={change('description')}
            error={Boolean(errors.description)}
            helperText={errors.description ?? t('financials.form.optional')}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <TextField
            select
            label={t('financials.invoiceForm.property')}
            value={values.propertyId}
            onChange={change('propertyId')}
            error={Boolean(errors.propertyId)}
            helperText={errors.propertyId ?? t('financials.form.optional')}
            fullWidth
          >
            <MenuItem value="">
              <em>{t('financials.invoiceForm.noProperty')}</em>
            </MenuItem>
            {properties.map((property) => (
              <MenuItem key={property.id} value={property.id}>
                {property.name}
              </MenuItem>
            ))}
          </TextField>
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
