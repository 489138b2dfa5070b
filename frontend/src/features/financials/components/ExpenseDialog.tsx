import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { EXPENSE_CATEGORIES, expenseBody, typedMoneyAmount } from '#shared/schemas';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/use-toast';
import { createExpense } from '../api/expenses';
import { PropertyField } from './PropertyField';
import { todayInput } from '../utils/format';
import { FormAmountField, FormDateField, FormSelect, FormTextField } from '../../../lib/forms/fields';
import { mappedSchema } from '../../../lib/forms/schema-resolver';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';

/** The amount as typed ("1.250,50", "$1,250.50": typedMoneyAmount reads it); an empty category, description or property is none. */
const expenseForm = mappedSchema(expenseBody, (values: { amount: string; date: string; category: string; description: string; propertyId: string }) => ({
  amount: values.amount,
  date: values.date,
  category: values.category || undefined,
  description: values.description || null,
  propertyId: values.propertyId || null,
}), { amount: typedMoneyAmount });

export interface ExpenseDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Record Expense: amount, date, category, description and optionally the property (its owner report lists it). */
export function ExpenseDialog({ open, onClose }: ExpenseDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="expense-dialog-title">
      <DialogTitle id="expense-dialog-title">{t('financials.expenseForm.title')}</DialogTitle>
      {open && <ExpenseForm onDone={onClose} />}
    </Dialog>
  );
}

function ExpenseForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const form = useSchemaForm(expenseForm, { defaultValues: { amount: '', date: todayInput(), category: '', description: '', propertyId: '' } });
  const pending = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (body) => {
    try {
      await createExpense(body);
      toast({ title: t('financials.toast.expenseCreated'), severity: 'success' });
      onDone();
    } catch (error) {
      applyServerErrors(form, error);
      const detail = isApiError(error) && error.status !== 400 ? errorMessage(error, '') : '';
      toast({ title: t('financials.toast.expenseFailed'), description: detail || undefined, variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent sx={{ pt: 0.5 }}>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormAmountField form={form} name="amount" label={t('financials.expenseForm.amount')} required autoFocus fullWidth testId="expense-amount" />
            <FormDateField
              form={form}
              name="date"
              label={t('financials.expenseForm.date')}
              required
              fullWidth
            />
          </Stack>
          <FormSelect
            form={form}
            name="category"
            label={t('financials.expenseForm.category')}
            required
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'expense-category' } }}
          >
            {EXPENSE_CATEGORIES.map((category) => (
              <MenuItem key={category} value={category}>
                {t(`financials.categories.${category}`)}
              </MenuItem>
            ))}
          </FormSelect>
          <FormTextField
            form={form}
            name="description"
            label={t('financials.expenseForm.description')}
            fullWidth
            multiline
            minRows={2}
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
          {pending ? t('financials.form.saving') : t('financials.expenseForm.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}
