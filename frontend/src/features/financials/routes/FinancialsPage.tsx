import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import AddRoundedIcon from '#icons/AddRounded';
import SearchRoundedIcon from '#icons/SearchRounded';
import { useTranslation } from 'react-i18next';
import { isManagerRole } from '#shared/enums';
import { PageHeader } from '../../../components/ui/PageHeader';
// The signed-in user is app-wide session data kept by the auth feature.
import { useCurrentUser } from '../../auth/api/get-current-user';
import { useFinancialSummary } from '../api/get-financial-summary';
import { RECENT_TRANSACTIONS_FILTER, fetchTransactionPage, transactionsKeyLoader } from '../api/get-transactions';
import { FINANCIAL_SUMMARY_KEY } from '../api/keys';
import type { FirstReads } from '../../../lib/first-reads';
import { firstPageReads } from '../../../lib/first-read-helpers';
import { FinancialStats } from '../components/FinancialStats';
import { PaymentStatusCard } from '../components/PaymentStatusCard';
import { QuickActionsCard } from '../components/QuickActionsCard';
import { RecentTransactionsCard } from '../components/RecentTransactionsCard';
import { RestrictedCard } from '../components/RestrictedCard';
import { RevenueChartCard } from '../components/RevenueChartCard';
import { ThisMonthCard } from '../components/ThisMonthCard';
import { useDebounced } from '../utils/use-debounced';
import { retryableLazy } from '../../../lib/retryable-lazy';
import { LazyDialog } from '../../../components/ui/LazyDialog';

// The invoice and expense forms (zod's schemas, react-hook-form) and the full list load when first opened.
const AllTransactionsDialog = retryableLazy(() => import('../components/AllTransactionsDialog'), (module) => module.AllTransactionsDialog);
const ExpenseDialog = retryableLazy(() => import('../components/ExpenseDialog'), (module) => module.ExpenseDialog);
const InvoiceDialog = retryableLazy(() => import('../components/InvoiceDialog'), (module) => module.InvoiceDialog);

type OpenDialog = 'invoice' | 'expense' | 'all' | null;

/**
 * What the screen's first render shows (app/boot.ts loads it before React draws): for the CEO and
 * managers the month's summary and the latest transactions; nothing for the others (no money).
 */
export const firstReads: FirstReads = (_location, user) =>
  isManagerRole(user.role) ? [FINANCIAL_SUMMARY_KEY, ...firstPageReads(transactionsKeyLoader(RECENT_TRANSACTIONS_FILTER), fetchTransactionPage)] : [];

/**
 * Financials: this month's revenue, expenses and net profit against last month, outstanding and
 * overdue invoices, the transaction feed with server-side search, and the dialogs that write them.
 * Money is for the CEO and managers: anyone else sees the restricted card, without asking the server
 * (which would answer 403, and does if the role changed meanwhile).
 */
export default function FinancialsPage() {
  const { user } = useCurrentUser();
  return user && !isManagerRole(user.role) ? <RestrictedFinancials /> : <Financials />;
}

function RestrictedFinancials() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('financials.title')} subtitle={t('financials.subtitle')} />
      <RestrictedCard />
    </>
  );
}

function Financials() {
  const { t } = useTranslation();
  const { summary, error, isLoading } = useFinancialSummary();
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim());
  const [dialog, setDialog] = useState<OpenDialog>(null);

  if (error?.status === 403) return <RestrictedFinancials />;

  return (
    <>
      <PageHeader
        title={t('financials.title')}
        subtitle={t('financials.subtitle')}
        actions={
          <>
            <TextField
              size="small"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t('financials.searchPlaceholder')}
              sx={{ minWidth: { sm: 260 } }}
              slotProps={{
                htmlInput: { 'aria-label': t('financials.searchLabel'), maxLength: 100 },
                input: { startAdornment: <InputAdornment position="start"><SearchRoundedIcon fontSize="small" /></InputAdornment> },
              }}
            />
            <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setDialog('invoice')}>
              {t('financials.newInvoice')}
            </Button>
          </>
        }
      />
      {error && error.status !== 401 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('financials.loadFailed')}
        </Alert>
      )}
      <FinancialStats summary={summary} loading={isLoading} />
      <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <RecentTransactionsCard query={query} onViewAll={() => setDialog('all')} />
          <RevenueChartCard summary={summary} loading={isLoading} />
        </Box>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <QuickActionsCard onCreateInvoice={() => setDialog('invoice')} onRecordExpense={() => setDialog('expense')} />
          <PaymentStatusCard summary={summary} loading={isLoading} />
          <ThisMonthCard summary={summary} loading={isLoading} />
        </Box>
      </Box>
      <LazyDialog open={dialog === 'invoice'}>
        <InvoiceDialog open={dialog === 'invoice'} onClose={() => setDialog(null)} />
      </LazyDialog>
      <LazyDialog open={dialog === 'expense'}>
        <ExpenseDialog open={dialog === 'expense'} onClose={() => setDialog(null)} />
      </LazyDialog>
      <LazyDialog open={dialog === 'all'}>
        <AllTransactionsDialog open={dialog === 'all'} onClose={() => setDialog(null)} initialQuery={query} />
      </LazyDialog>
    </>
  );
}
