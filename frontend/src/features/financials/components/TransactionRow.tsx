import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import NorthEastRoundedIcon from '#icons/NorthEastRounded';
import SouthWestRoundedIcon from '#icons/SouthWestRounded';
import MoreVertRoundedIcon from '#icons/MoreVertRounded';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/use-toast';
import { deleteExpense } from '../api/expenses';
import { deleteInvoice, setInvoiceStatus } from '../api/invoices';
import type { Transaction } from '../api/types';
import { formatCents, formatDay } from '../utils/format';

const STATUS_COLOR = { paid: 'success', pending: 'info', overdue: 'warning' } as const;

export interface TransactionRowProps {
  transaction: Transaction;
}

/** One invoice (income) or expense: what, when, how much, its status and what can be done with it. */
export function TransactionRow({ transaction: tx }: TransactionRowProps) {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const income = tx.kind === 'invoice';

  // An invoice without a description or client is named by a short reference of its id.
  const reference = `INV-${tx.id.slice(-6).toUpperCase()}`;
  const title =
    tx.kind === 'invoice'
      ? tx.description || tx.client || t('financials.transaction.invoiceRef', { reference })
      : tx.description || t(`financials.categories.${tx.category}`);
  const details =
    tx.kind === 'invoice'
      ? [tx.description || tx.client ? t('financials.transaction.invoice') : null, tx.description ? tx.client : null, tx.propertyName]
      : [t('financials.transaction.expense'), t(`financials.categories.${tx.category}`)];
  const day =
    tx.kind === 'expense'
      ? formatDay(tx.date, i18n.language)
      : tx.status === 'paid' && tx.paidAt
        ? t('financials.transaction.paidOn', { date: formatDay(tx.paidAt, i18n.language) })
        : t('financials.transaction.due', { date: formatDay(tx.dueDate, i18n.language) });

  const run = async (action: () => Promise<unknown>, success: string, failure: string) => {
    setMenu(null);
    setBusy(true);
    try {
      await action();
      toast({ title: success, severity: 'success' });
    } catch (error) {
      toast({ title: failure, description: errorMessage(error, ''), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  const markPaid = (status: 'paid' | 'pending') =>
    run(
      () => setInvoiceStatus(tx.id, status),
      t(status === 'paid' ? 'financials.toast.markedPaid' : 'financials.toast.markedUnpaid'),
      t('financials.toast.updateFailed'),
    );
  const remove = () => {
    setConfirming(false);
    void run(
      () => (income ? deleteInvoice(tx.id) : deleteExpense(tx.id)),
      t(income ? 'financials.toast.invoiceDeleted' : 'financials.toast.expenseDeleted'),
      t('financials.toast.deleteFailed'),
    );
  };

  return (
    <Box
      component="li"
      data-testid="transaction"
      data-kind={tx.kind}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5, py: 1.25, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
    >
      <Box
        aria-hidden
        sx={(theme) => {
          const color = income ? theme.palette.success.main : theme.palette.error.main;
          return { width: 36, height: 36, flexShrink: 0, borderRadius: '50%', display: 'grid', placeItems: 'center', color, bgcolor: alpha(color, 0.1) };
        }}
      >
        {income ? <SouthWestRoundedIcon fontSize="small" /> : <NorthEastRoundedIcon fontSize="small" />}
      </Box>
      {/* On a phone the row's text takes the line beside the icon and the amount and actions go below
          it; on a wider screen they go below only when the text would be squeezed under 11rem. */}
      <Box sx={{ minWidth: 0, flex: { xs: '1 1 calc(100% - 48px)', sm: '1 1 11rem' } }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={title}>
          {title}
        </Typography>
        {/* Wraps rather than cutting off; the date (the key fact) goes to a line of its own whole,
            and wraps itself only where no line could hold it. */}
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }} data-testid="transaction-details">
          {details.filter(Boolean).join(' · ')}
          {details.some(Boolean) && ' · '}
          <Box component="span" sx={{ display: 'inline-block' }}>{day}</Box>
        </Typography>
      </Box>
      {/* The amount, its status and the actions stay together. */}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexShrink: 0, ml: 'auto' }}>
        <Box sx={{ display: 'flex', flexDirection: 'row-reverse', alignItems: 'center', gap: 1.5 }}>
          <Typography
            variant="body2"
            sx={{ fontWeight: 700, color: income ? 'success.main' : 'error.main', minWidth: { sm: 96 }, textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
            data-testid="transaction-amount"
          >
            {income ? '+' : '-'}
            {formatCents(tx.amountCents, i18n.language)}
          </Typography>
          {tx.kind === 'invoice' && (
            <Chip size="small" variant="outlined" color={STATUS_COLOR[tx.status]} label={t(`financials.status.${tx.status}`)} data-testid="transaction-status" />
          )}
        </Box>
        {tx.kind === 'invoice' && tx.status !== 'paid' && (
          <Button size="small" variant="outlined" disabled={busy} onClick={() => void markPaid('paid')} sx={{ display: { xs: 'none', md: 'inline-flex' }, whiteSpace: 'nowrap' }}>
            {t('financials.transaction.markPaid')}
          </Button>
        )}
        <IconButton size="small" aria-label={t('financials.transaction.actions', { name: title })} disabled={busy} onClick={(event) => setMenu(event.currentTarget)}>
          <MoreVertRoundedIcon fontSize="small" />
        </IconButton>
      </Box>
      <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {tx.kind === 'invoice' && tx.status !== 'paid' && <MenuItem onClick={() => void markPaid('paid')}>{t('financials.transaction.markPaid')}</MenuItem>}
        {tx.kind === 'invoice' && tx.status === 'paid' && <MenuItem onClick={() => void markPaid('pending')}>{t('financials.transaction.markUnpaid')}</MenuItem>}
        <MenuItem
          onClick={() => {
            setMenu(null);
            setConfirming(true);
          }}
          sx={{ color: 'error.main' }}
        >
          {t('financials.transaction.delete')}
        </MenuItem>
      </Menu>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={`delete-${tx.id}`}>
        <DialogTitle id={`delete-${tx.id}`}>{t(income ? 'financials.confirmDelete.invoiceTitle' : 'financials.confirmDelete.expenseTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('financials.confirmDelete.text', { name: title, amount: formatCents(tx.amountCents, i18n.language) })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => setConfirming(false)}>
            {t('financials.form.cancel')}
          </Button>
          <Button color="error" variant="contained" onClick={remove}>
            {t('financials.transaction.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
