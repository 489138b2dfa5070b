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
import { EXPENSE_CATEGORIES, expenseBody } from '#shared/schemas';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/use-toast';
import { createExpense } from '../api/expenses';
import { todayInput } from '../utils/format';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/field-errors';

type Field = 'amount' | 'date' | 'category' | 'description';
const FIELDS: readonly Field[] = ['amount', 'date', 'category', 'description'];

export interface ExpenseDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Record Expense: amount, date, category and description; it counts in its month's expenses. */
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
  const [values, setValues] = useState<Record<Field, string>>({ amount: '', date: todayInput(), category: '', description: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [pending, setPending] = useState(false);

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = expenseBody.safeParse({
      amount: values.amount.replace(/[$,\s]/g, ''),
      date: values.date,
      category: values.category || undefined,
      description: values.description || null,
    });
    if (!parsed.success) {
      setErrors(zodFieldErrors<Field>(parsed.error, t));
      return;
    }
    setPending(true);
    try {
      await createExpense(parsed.data);
      toast({ title: t('financials.toast.expenseCreated'), severity: 'success' });
      onDone();
    } catch (error) {
      setErrors(serverFieldErrors(error, FIELDS));
      const detail = isApiError(error) && error.status !== 400 ? errorMessage(error, '') : '';
      toast({ title: t('financials.toast.expenseFailed'), description: detail || undefined, variant: 'destructive' });
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
              label={t('financials.expenseForm.amount')}
              value={values.amount}
              onChange={change('amount')}
              error={Boolean(errors.amount)}
              helperText={errors.amount}
              required
              autoFocus
              fullWidth
              placeholder="0.00"
              slotProps={{
                htmlInput: { inputMode: 'decimal', maxLength: 14, 'data-testid': 'expense-amount' },
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              }}
            />
            <TextField
              label={t('financials.expenseForm.date')}
              type="date"
              value={values.date}
              onChange={change('date')}
              error={Boolean(errors.date)}
              helperText={errors.date}
              required
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
          <TextField
            select
            label={t('financials.expenseForm.category')}
            value={values.category}
            onChange={change('category')}
            error={Boolean(errors.category)}
            helperText={errors.category}
            required
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'expense-category' } }}
          >
            {EXPENSE_CATEGORIES.map((category) => (
              <MenuItem key={category} value={category}>
                {t(`financials.categories.${category}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('financials.expenseForm.description')}
            value={values.description}
            onChange={change('description')}
            error={Boolean(errors.description)}
            helperText={errors.description}
            fullWidth
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
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
