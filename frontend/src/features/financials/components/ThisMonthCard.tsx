import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FinancialSummary } from '../api/types';
import { formatCents } from '../utils/format';
import { PanelCard } from './PanelCard';

export interface ThisMonthCardProps {
  summary: FinancialSummary | undefined;
  loading: boolean;
}

/** This Month: revenue (invoices paid), expenses (dated this month) and net profit. */
export function ThisMonthCard({ summary, loading }: ThisMonthCardProps) {
  const { t, i18n } = useTranslation();
  const net = summary?.netProfit.cents ?? 0;
  const rows = [
    { key: 'revenue', label: t('financials.thisMonth.revenue'), value: formatCents(summary?.revenue.cents ?? 0, i18n.language), color: 'success.main' },
    { key: 'expenses', label: t('financials.thisMonth.expenses'), value: formatCents(summary?.expenses.cents ?? 0, i18n.language), color: 'error.main' },
  ];
  return (
    <PanelCard title={t('financials.thisMonth.title')} testId="this-month">
      <Box sx={{ display: 'grid', gap: 1.25 }}>
        {rows.map((row) => (
          <Box key={row.key} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, justifyContent: 'space-between' }} data-testid={`this-month-${row.key}`}>
            <Typography variant="body2">{row.label}</Typography>
            <Typography variant="body2" sx={{ fontWeight: 700, color: row.color, ml: 'auto', fontVariantNumeric: 'tabular-nums' }}>
              {loading ? <Skeleton width={64} /> : row.value}
            </Typography>
          </Box>
        ))}
        <Divider />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, justifyContent: 'space-between' }} data-testid="this-month-net">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('financials.thisMonth.netProfit')}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 700, color: net < 0 ? 'error.main' : 'text.primary', ml: 'auto', fontVariantNumeric: 'tabular-nums' }}>
            {loading ? <Skeleton width={64} /> : formatCents(net, i18n.language)}
          </Typography>
        </Box>
      </Box>
    </PanelCard>
  );
}
