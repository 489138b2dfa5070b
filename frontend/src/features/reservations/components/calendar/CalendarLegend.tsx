import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { BarTone } from '../../utils/calendar-bars';
import { toneColors } from './CalendarBar';
import { zoneName } from '../../../../lib/zone-name';

const ITEMS: Array<[key: string, swatch: (theme: Theme) => object]> = [
  ...(['confirmed', 'tentative', 'doubleBooked', 'flagged', 'block', 'toCheck'] as BarTone[]).map((tone): [string, (theme: Theme) => object] => [tone, (theme) => toneColors(theme, tone)]),
  ['task', (theme) => ({ backgroundColor: alpha(theme.palette.secondary.main, 0.3) })],
];

/** What the colours mean, and the time zone the days are read in. */
export function CalendarLegend({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      sx={{ listStyle: 'none', m: 0, px: { xs: 1.5, sm: 2.5 }, py: 1.25, display: 'flex', flexWrap: 'wrap', columnGap: { xs: 1.5, sm: 2 }, rowGap: 0.75, borderTop: 1, borderColor: 'divider' }}
      aria-label={t('reservations.calendar.legend')}
    >
      {ITEMS.map(([key, swatch]) => (
        <Box component="li" key={key} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Box sx={(theme) => ({ width: 14, height: 10, borderRadius: 0.5, flexShrink: 0, ...swatch(theme) })} aria-hidden />
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t(`reservations.calendar.legendItems.${key}`)}
          </Typography>
        </Box>
      ))}
      <Box component="li" sx={{ ml: { sm: 'auto' } }}>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('reservations.calendar.timezone', { zone: zoneName(t, timeZone) })}
        </Typography>
      </Box>
    </Box>
  );
}
