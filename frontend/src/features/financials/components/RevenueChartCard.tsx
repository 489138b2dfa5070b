import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { FinancialSummary } from '../api/types';
import { formatCents, formatMonth } from '../utils/format';
import { PanelCard } from './PanelCard';

export interface RevenueChartCardProps {
  summary: FinancialSummary | undefined;
  loading: boolean;
}

const HEIGHT = 160;

/** Revenue and expenses of the last six months as paired bars (plain SVG). */
export function RevenueChartCard({ summary, loading }: RevenueChartCardProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const months = summary?.months ?? [];
  const max = Math.max(1, ...months.flatMap((m) => [m.revenue.cents, m.expenses.cents]));
  const slot = 100 / Math.max(1, months.length);
  const bar = slot * 0.3;
  const series = [
    { key: 'revenue' as const, label: t('financials.thisMonth.revenue'), color: theme.palette.success.main },
    { key: 'expenses' as const, label: t('financials.thisMonth.expenses'), color: theme.palette.error.light },
  ];
  return (
    <PanelCard
      title={t('financials.chart.title')}
      testId="revenue-chart"
      action={
        <Box sx={{ display: 'flex', gap: 1.5 }}>
          {series.map((s) => (
            <Box key={s.key} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: 0.5, bgcolor: s.color }} />
              <Typography variant="caption">{s.label}</Typography>
            </Box>
          ))}
        </Box>
      }
    >
      {loading ? (
        <Skeleton variant="rounded" height={HEIGHT + 24} />
      ) : (
        <Box>
          <Box component="svg" viewBox={`0 0 100 ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={t('financials.chart.title')} sx={{ width: '100%', height: HEIGHT, display: 'block' }}>
            <line x1="0" x2="100" y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} stroke={theme.palette.divider} strokeWidth="1" vectorEffect="non-scaling-stroke" />
            {months.map((m, i) =>
              series.map((s, j) => {
                const cents = m[s.key].cents;
                const h = Math.max(cents > 0 ? 2 : 0, (cents / max) * (HEIGHT - 8));
                const x = i * slot + slot / 2 - bar + j * bar;
                return (
                  <rect key={`${m.month}-${s.key}`} x={x} y={HEIGHT - h} width={bar * 0.92} height={h} rx="0.6" fill={s.color}>
                    <title>{`${formatMonth(m.month, i18n.language)} · ${s.label}: ${formatCents(cents, i18n.language)}`}</title>
                  </rect>
                );
              }),
            )}
          </Box>
          <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(${Math.max(1, months.length)}, 1fr)`, mt: 0.5 }}>
            {months.map((m) => (
              <Typography key={m.month} variant="caption" sx={{ textAlign: 'center', color: 'text.secondary', textTransform: 'capitalize' }}>
                {formatMonth(m.month, i18n.language)}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
    </PanelCard>
  );
}
