import Box from '@mui/material/Box';
import AssignmentRoundedIcon from '@mui/icons-material/AssignmentRounded';
import AttachMoneyRoundedIcon from '@mui/icons-material/AttachMoneyRounded';
import HomeWorkRoundedIcon from '@mui/icons-material/HomeWorkRounded';
import SpeedRoundedIcon from '@mui/icons-material/SpeedRounded';
import { useTranslation } from 'react-i18next';
import { useDashboardMetrics } from '../api/get-dashboard-metrics';
import { formatNumber, formatPercent, formatUsd } from '../utils/format';
import { MetricCard } from './MetricCard';

/** SPEC "Dashboard": the change texts are fixed. */
const CHANGES = { activeProperties: '+2.5%', urgentTasks: 3, monthlyRevenue: '+12.3%', teamEfficiency: '+5.2%' } as const;

/** The four metric cards of GET /api/dashboard/metrics. */
export function DashboardMetrics() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { metrics, isLoading, error } = useDashboardMetrics();
  const loading = isLoading && !metrics;
  const show = (value: number | null | undefined, format: (value: number) => string) =>
    typeof value === 'number' ? format(value) : error ? '—' : format(0);
  const vsLastMonth = t('dashboard.metrics.vsLastMonth');

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
        change={CHANGES.activeProperties}
        changeCaption={vsLastMonth}
        trend="up"
        icon={HomeWorkRoundedIcon}
        loading={loading}
      />
      <MetricCard
        title={t('dashboard.metrics.pendingTasks')}
        value={show(metrics?.pendingTasks, (n) => formatNumber(n, language))}
        change={t('dashboard.metrics.urgent', { count: CHANGES.urgentTasks })}
        trend="warning"
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
          value={show(metrics?.monthlyRevenue, formatUsd)}
          change={CHANGES.monthlyRevenue}
          changeCaption={vsLastMonth}
          trend="up"
          icon={AttachMoneyRoundedIcon}
          loading={loading}
        />
      )}
      <MetricCard
        title={t('dashboard.metrics.teamEfficiency')}
        value={show(metrics?.teamEfficiency, (n) => formatPercent(n, language))}
        change={CHANGES.teamEfficiency}
        changeCaption={vsLastMonth}
        trend="up"
        icon={SpeedRoundedIcon}
        loading={loading}
      />
    </Box>
  );
}
