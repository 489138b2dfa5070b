import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface Bar {
  key: string;
  label: string;
  value: number;
  color: string;
}

export interface HorizontalBarsProps {
  bars: Bar[];
  /** Accessible name of the chart. */
  label: string;
}

/** A bar per item, its length relative to the largest, with the count beside it. */
export function HorizontalBars({ bars, label }: HorizontalBarsProps) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const total = bars.reduce((sum, bar) => sum + bar.value, 0);
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25 }}>
      {bars.map((bar) => (
        <Box component="li" key={bar.key} data-testid={`bar-${bar.key}`} sx={{ display: 'grid', gridTemplateColumns: 'minmax(90px, 130px) 1fr 56px', alignItems: 'center', gap: 1.5 }}>
          <Typography variant="body2" noWrap title={bar.label}>
            {bar.label}
          </Typography>
          <Box sx={{ height: 12, borderRadius: 6, bgcolor: 'grey.100', overflow: 'hidden' }}>
            <Box sx={{ width: `${(bar.value / max) * 100}%`, height: '100%', borderRadius: 6, bgcolor: bar.color, transition: 'width 300ms ease' }} />
          </Box>
          <Typography variant="body2" sx={{ fontWeight: 700, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }} data-testid="bar-value">
            {bar.value}
            <Typography component="span" variant="caption" sx={{ color: 'text.secondary', ml: 0.5 }}>
              {total > 0 ? `${Math.round((bar.value / total) * 100)}%` : ''}
            </Typography>
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
