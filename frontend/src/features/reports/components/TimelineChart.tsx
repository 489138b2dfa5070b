import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { Report } from '../api/get-report';
import { formatDay, formatMonth } from '../utils/format';

export interface TimelineChartProps {
  points: NonNullable<Report['tasks']>['timeline'];
}

const HEIGHT = 150;

/** Tasks created and completed per day (ranges up to 31 days) or per month, as paired SVG bars. */
export function TimelineChart({ points }: TimelineChartProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const max = Math.max(1, ...points.flatMap((p) => [p.created, p.completed]));
  const slot = 100 / Math.max(1, points.length);
  const bar = slot * 0.36;
  const label = (period: string) => (period.length === 7 ? formatMonth(period, i18n.language) : formatDay(period, i18n.language, 'short'));
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  /** At most 10 axis labels (5 on a phone), so they never run into each other. */
  const every = Math.max(1, Math.ceil(points.length / (narrow ? 5 : 10)));
  const series = [
    { key: 'created' as const, label: t('reports.timeline.created'), color: theme.palette.primary.main },
    { key: 'completed' as const, label: t('reports.timeline.completed'), color: theme.palette.success.main },
  ];
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, mb: 1 }}>
        {series.map((s) => (
          <Box key={s.key} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: 0.5, bgcolor: s.color }} />
            <Typography variant="caption">{s.label}</Typography>
          </Box>
        ))}
      </Box>
      <Box component="svg" viewBox={`0 0 100 ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={t('reports.timeline.title')} sx={{ width: '100%', height: HEIGHT, display: 'block' }}>
        <line x1="0" x2="100" y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} stroke={theme.palette.divider} strokeWidth="1" vectorEffect="non-scaling-stroke" />
        {points.map((point, i) =>
          series.map((s, j) => {
            const value = point[s.key];
            const h = value > 0 ? Math.max(2, (value / max) * (HEIGHT - 6)) : 0;
            return (
              <rect key={`${point.period}-${s.key}`} x={i * slot + slot / 2 - bar + j * bar} y={HEIGHT - h} width={bar * 0.9} height={h} fill={s.color} rx="0.4">
                <title>{`${label(point.period)} · ${s.label}: ${value}`}</title>
              </rect>
            );
          }),
        )}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(${Math.max(1, points.length)}, 1fr)`, mt: 0.5 }}>
        {points.map((point, i) => (
          <Typography key={point.period} variant="caption" sx={{ textAlign: 'center', color: 'text.secondary', whiteSpace: 'nowrap', overflow: 'visible', fontSize: '0.6875rem', textTransform: point.period.length === 7 ? 'capitalize' : 'none' }}>
            {i % every === 0 ? label(point.period) : ''}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
