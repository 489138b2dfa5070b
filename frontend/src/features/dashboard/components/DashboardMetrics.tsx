import Box from '@mui/material/Box';
import AssignmentRoundedIcon from '#icons/AssignmentRounded';
import AttachMoneyRoundedIcon from '#icons/AttachMoneyRounded';
import HomeWorkRoundedIcon from '#icons/HomeWorkRounded';
import SpeedRoundedIcon from '#icons/SpeedRounded';
import { useTranslation } from 'react-i18next';
import { useDashboardMetrics } from '../api/get-dashboard-metrics';
import { formatNumber, formatPercent, formatPercentChange, formatUsd } from '../utils/format';
import { MetricCard, type MetricTrend } from './MetricCard';
import { numberFormat } from '../../../lib/intl';

/** Up, down or level, by the sign of a change; no change to show (null) is level. */
function trendOf(change: number | null | undefined): MetricTrend {
  if (typeof change !== 'number' || change === 0) return 'flat';
  return change > 0 ? 'up' : 'down';
}

/** The four metric cards of GET /api/dashboard/metrics, each with its real change (or "new"). */
export function DashboardMetrics() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { metrics, isLoading, error } = useDashboardMetrics();
  const loading = isLoading && !metrics;
  const show = (value: number | null | undefined, format: (value: number) => string) =>
    typeof value === 'number' ? format(value) : error || value === null ? '—' : format(0);
  /** A change as text: "+2.5%", "-4 pts", or "New" when there is no earlier period to compare with. */
  const change = (value: number | null | undefined, unit: 'percent' | 'points') => {
    if (typeof value !== 'number') return error ? '—' : t('dashboard.metrics.new');
    return unit === 'percent' ? formatPercentChange(value, language) : t('dashboard.metrics.points', { value: formatSigned(value, language) });
  };
  // "New" stands alone (no "vs …": there is nothing before), and keeps the card's change on one line.
  const caption = (value: number | null | undefined, key: string) => (typeof value === 'number' ? t(key) : undefined);

  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 1.5, sm: 2 },
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
        mb: 3,
      }}
    >
      <MetricCard
        title={t('dashboard.metrics.activeProperties')}
        value={show(metrics?.activeProperties, (n) => formatNumber(n, language))}
        change={change(metrics?.activePropertiesChange, 'percent')}
        changeCaption={caption(metrics?.activePropertiesChange, 'dashboard.metrics.vs30Days')}
        trend={trendOf(metrics?.activePropertiesChange)}
        icon={HomeWorkRoundedIcon}
        loading={loading}
      />
      <MetricCard
        title={t('dashboard.metrics.pendingTasks')}
        value={show(metrics?.pendingTasks, (n) => formatNumber(n, language))}
        change={t('dashboard.metrics.urgent', { count: metrics?.urgentTasks ?? 0 })}
        trend={metrics?.urgentTasks ? 'warning' : 'flat'}
        icon={AssignmentRoundedIcon}
        loading={loading}
      />
      {metrics?.monthlyRevenue === null ? (
        <MetricCard
          title={t('dashboard.metrics.monthlyRevenue')}
          value="—"
          change={t('dashboard.metrics.managersOnly')}
          trend="restricted"
          icon={AttachMoneyRoundedIcon}
        />
      ) : (
        <MetricCard
          title={t('dashboard.metrics.monthlyRevenue')}
          value={show(metrics?.monthlyRevenue, (n) => formatUsd(n, language))}
          change={change(metrics?.monthlyRevenueChange, 'percent')}
          changeCaption={caption(metrics?.monthlyRevenueChange, 'dashboard.metrics.vsLastMonth')}
          trend={trendOf(metrics?.monthlyRevenueChange)}
          icon={AttachMoneyRoundedIcon}
          loading={loading}
        />
      )}
      <MetricCard
        title={t('dashboard.metrics.teamEfficiency')}
        value={show(metrics?.teamEfficiency, (n) => formatPercent(n, language))}
        change={change(metrics?.teamEfficiencyChange, 'points')}
        changeCaption={caption(metrics?.teamEfficiencyChange, 'dashboard.metrics.vsLastWeek')}
        trend={trendOf(metrics?.teamEfficiencyChange)}
        icon={SpeedRoundedIcon}
        loading={loading}
      />
    </Box>
  );
}

function formatSigned(value: number, language: string): string {
  return numberFormat(language, { signDisplay: 'exceptZero', maximumFractionDigits: 1 }).format(value);
}
