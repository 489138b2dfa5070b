import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Transaction } from '../api/types';
import { TransactionRow } from './TransactionRow';

export interface TransactionListProps {
  transactions: Transaction[];
  isLoading: boolean;
  error: unknown;
  query?: string;
  hasMore?: boolean;
  isLoadingMore?: boolean;
  onLoadMore?: () => void;
  skeletonRows?: number;
}

/** The rows of a transaction list, with its loading, empty, error and "Load more" states. */
export function TransactionList({ transactions, isLoading, error, query, hasMore, isLoadingMore, onLoadMore, skeletonRows = 4 }: TransactionListProps) {
  const { t } = useTranslation();
  if (error) return <Alert severity="error">{t('financials.recent.loadFailed')}</Alert>;
  if (isLoading) {
    return (
      <Box aria-busy="true">
        {Array.from({ length: skeletonRows }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={44} sx={{ my: 1 }} />
        ))}
      </Box>
    );
  }
  if (transactions.length === 0 && !hasMore) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary', py: 2, textAlign: 'center' }} data-testid="transactions-empty">
        {query ? t('financials.recent.noMatch', { query }) : t('financials.recent.empty')}
      </Typography>
    );
  }
  return (
    <Box>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="transaction-list">
        {transactions.map((tx) => (
          <TransactionRow key={`${tx.kind}-${tx.id}`} transaction={tx} />
        ))}
      </Box>
      {transactions.length === 0 && hasMore && (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 1, textAlign: 'center' }}>
          {t('financials.recent.keepSearching')}
        </Typography>
      )}
      {hasMore && onLoadMore && (
        <Box sx={{ textAlign: 'center', pt: 1.5 }}>
          <Button onClick={onLoadMore} disabled={isLoadingMore}>
            {isLoadingMore ? t('financials.recent.loading') : t('financials.recent.loadMore')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
