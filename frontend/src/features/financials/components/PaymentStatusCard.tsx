import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FinancialSummary } from '../api/types';
import { formatCents } from '../utils/format';
import { PanelCard } from './PanelCard';

export interface PaymentStatusCardProps {
  summary: FinancialSummary | undefined;
  loading: boolean;
}

const DOT = { paid: 'success.main', pending: 'info.main', overdue: 'warning.main' } as const;

/** Payment Status: invoices paid, pending (not yet due) and overdue, and the total still to receive. */
export function PaymentStatusCard({ summary, loading }: PaymentStatusCardProps) {
  const { t, i18n } = useTranslation();
  const counts = summary?.paymentStatus;
  return (
    <PanelCard title={t('financials.paymentStatus.title')} testId="payment-status">
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.25 }}>
        {(['paid', 'pending', 'overdue'] as const).map((status) => (
          <Box key={status} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }} data-testid={`payment-${status}`}>
            <Box component="dt" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: DOT[status] }} />
              <Typography variant="body2">{t(`financials.status.${status}`)}</Typography>
            </Box>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 700 }}>
              {loading ? <Skeleton width={24} /> : (counts?.[status] ?? 0)}
            </Typography>
          </Box>
        ))}
        {/* The rule above the total is its border: a definition list holds only dt/dd groups (accessibility). */}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'center', justifyContent: 'space-between', borderTop: 1, borderColor: 'divider', pt: 1.25 }} data-testid="total-outstanding">
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            {t('financials.paymentStatus.totalOutstanding')}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, ml: 'auto', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
            {loading ? <Skeleton width={64} /> : formatCents(summary?.outstanding.cents ?? 0, i18n.language)}
          </Typography>
        </Box>
      </Box>
    </PanelCard>
  );
}
