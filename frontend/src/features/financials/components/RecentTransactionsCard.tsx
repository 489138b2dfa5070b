import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { RECENT_TRANSACTIONS_FILTER, useTransactions } from '../api/get-transactions';
import { PanelCard } from './PanelCard';
import { TransactionList } from './TransactionList';

export const RECENT_COUNT = RECENT_TRANSACTIONS_FILTER.pageSize;

export interface RecentTransactionsCardProps {
  /** The screen's search text (already debounced); empty shows the latest transactions. */
  query: string;
  onViewAll: () => void;
}

/** Recent Transactions: the latest invoices and expenses, or the first matches of a search. */
export function RecentTransactionsCard({ query, onViewAll }: RecentTransactionsCardProps) {
  const { t } = useTranslation();
  const { transactions, isLoading, error, hasMore } = useTransactions({ q: query || undefined, pageSize: RECENT_COUNT });
  return (
    <PanelCard
      testId="recent-transactions"
      title={query ? t('financials.recent.searchTitle') : t('financials.recent.title')}
      action={
        <Button size="small" onClick={onViewAll}>
          {t('financials.recent.viewAll')}
        </Button>
      }
    >
      <TransactionList transactions={transactions} isLoading={isLoading} error={error} query={query} hasMore={hasMore && transactions.length === 0} />
    </PanelCard>
  );
}
