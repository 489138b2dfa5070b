import Box from '@mui/material/Box';
import AccountBalanceWalletRoundedIcon from '#icons/AccountBalanceWalletRounded';
import AttachMoneyRoundedIcon from '#icons/AttachMoneyRounded';
import ReceiptLongRoundedIcon from '#icons/ReceiptLongRounded';
import TrendingUpRoundedIcon from '#icons/TrendingUpRounded';
import { useTranslation } from 'react-i18next';
import type { FinancialSummary } from '../api/types';
import { formatCents, formatChange } from '../utils/format';
import { FinanceStatCard, type FinanceStatCardProps } from './FinanceStatCard';

export interface FinancialStatsProps {
  summary: FinancialSummary | undefined;
  loading: boolean;
}

/** Monthly Revenue, Outstanding Invoices, Monthly Expenses and Net Profit, with real changes. */
export function FinancialStats({ summary, loading }: FinancialStatsProps) {
  const { t, i18n } = useTranslation();
  /** The change against last month, hidden when last month was 0 (no meaningful percentage). */
  const change = (value: number | null | undefined, upIsGood: boolean): Pick<FinanceStatCardProps, 'change' | 'caption'> => {
    if (value === null || value === undefined) return { caption: t('financials.cards.noComparison') };
    return {
      change: { text: formatChange(value, i18n.language), direction: value < 0 ? 'down' : 'up', good: value === 0 || (value > 0) === upIsGood },
      caption: t('financials.cards.vsLastMonth'),
    };
  };
  const overdue = summary?.overdue.count ?? 0;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}>
      <FinanceStatCard
        testId="monthly-revenue"
        title={t('financials.cards.monthlyRevenue')}
        value={formatCents(summary?.revenue.cents ?? 0, i18n.language)}
        icon={AttachMoneyRoundedIcon}
        loading={loading}
        {...change(summary?.revenueChange, true)}
      />
      <FinanceStatCard
        testId="outstanding-invoices"
        title={t('financials.cards.outstandingInvoices')}
        value={formatCents(summary?.outstanding.cents ?? 0, i18n.language)}
        icon={ReceiptLongRoundedIcon}
        loading={loading}
        caption={t('financials.cards.overdueCount', { count: overdue })}
        captionColor={overdue > 0 ? 'warning.main' : 'text.secondary'}
      />
      <FinanceStatCard
        testId="monthly-expenses"
        title={t('financials.cards.monthlyExpenses')}
        value={formatCents(summary?.expenses.cents ?? 0, i18n.language)}
        icon={AccountBalanceWalletRoundedIcon}
        loading={loading}
        {...change(summary?.expensesChange, false)}
      />
      <FinanceStatCard
        testId="net-profit"
        title={t('financials.cards.netProfit')}
        value={formatCents(summary?.netProfit.cents ?? 0, i18n.language)}
        icon={TrendingUpRoundedIcon}
        loading={loading}
        {...change(summary?.netProfitChange, true)}
      />
    </Box>
  );
}
