import { useEffect, useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import SearchRoundedIcon from '#icons/SearchRounded';
import { useTranslation } from 'react-i18next';
import type { TransactionKind } from '#shared/schemas';
import { useTransactions } from '../api/get-transactions';
import { useDebounced } from '../utils/use-debounced';
import { TransactionList } from './TransactionList';

const PAGE_SIZE = 20;

export interface AllTransactionsDialogProps {
  open: boolean;
  onClose: () => void;
  /** The screen's search text when the dialog opens. */
  initialQuery: string;
}

/** View All: every transaction, newest first, 20 at a time, with server-side search and a kind filter. */
export function AllTransactionsDialog({ open, onClose, initialQuery }: AllTransactionsDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [text, setText] = useState(initialQuery);
  const [kind, setKind] = useState<TransactionKind | 'all'>('all');
  useEffect(() => {
    if (open) setText(initialQuery);
  }, [open, initialQuery]);
  const query = useDebounced(text.trim());
  const list = useTransactions({ q: query || undefined, kind: kind === 'all' ? undefined : kind, pageSize: PAGE_SIZE }, open);

  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby="all-transactions-title">
      <DialogTitle id="all-transactions-title">{t('financials.all.title')}</DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 1, pt: 0.5 }}>
          <TextField
            size="small"
            fullWidth
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('financials.searchPlaceholder')}
            slotProps={{
              htmlInput: { 'aria-label': t('financials.searchLabel'), maxLength: 100 },
              input: { startAdornment: <InputAdornment position="start"><SearchRoundedIcon fontSize="small" /></InputAdornment> },
            }}
          />
          <ToggleButtonGroup size="small" exclusive value={kind} onChange={(_, value: TransactionKind | 'all' | null) => value && setKind(value)} aria-label={t('financials.all.kind')}>
            <ToggleButton value="all">{t('financials.all.kinds.all')}</ToggleButton>
            <ToggleButton value="invoice">{t('financials.all.kinds.invoice')}</ToggleButton>
            <ToggleButton value="expense">{t('financials.all.kinds.expense')}</ToggleButton>
          </ToggleButtonGroup>
        </Stack>
        {query && (
          <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mb: 1 }}>
            {t('financials.all.searchHint')}
          </Typography>
        )}
        <TransactionList
          transactions={list.transactions}
          isLoading={list.isLoading}
          error={list.error}
          query={query}
          hasMore={list.hasMore}
          isLoadingMore={list.isLoadingMore}
          onLoadMore={list.loadMore}
          skeletonRows={6}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('financials.all.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
