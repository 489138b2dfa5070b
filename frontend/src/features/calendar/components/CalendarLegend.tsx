import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import DirectionsWalkRoundedIcon from '#icons/DirectionsWalkRounded';
import SwapHorizRoundedIcon from '#icons/SwapHorizRounded';
import { useTranslation } from 'react-i18next';
import { BAR_STYLES } from './StayBar';

const swatch = { width: 22, height: 12, borderRadius: 6, flexShrink: 0 } as const;

/** What the colours and marks mean. */
export function CalendarLegend() {
  const { t } = useTranslation();
  const items = [
    { key: 'guest', sx: BAR_STYLES.guest },
    { key: 'block', sx: BAR_STYLES.block },
    { key: 'owner', sx: BAR_STYLES.owner },
    { key: 'conflict', sx: BAR_STYLES.conflict },
    { key: 'free', sx: { border: 1, borderColor: 'divider', bgcolor: 'background.paper' } },
    { key: 'atRisk', sx: { bgcolor: 'error.dark', borderRadius: 1 } },
    { key: 'unassigned', sx: { border: '1px dashed', borderColor: 'warning.dark', borderRadius: 1 } },
  ] as const;
  const marks = [
    { key: 'sameDay', Icon: SwapHorizRoundedIcon, color: 'warning.dark' },
    { key: 'left', Icon: DirectionsWalkRoundedIcon, color: 'primary.dark' },
  ] as const;
  const item = { display: 'flex', alignItems: 'center', gap: 0.75 } as const;
  return (
    <Box component="ul" aria-label={t('portfolioCalendar.legend.label')} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      {items.map(({ key, sx }) => (
        <Box component="li" key={key} sx={item}>
          <Box aria-hidden sx={{ ...swatch, ...sx }} />
          <Typography variant="caption">{t(`portfolioCalendar.legend.${key}`)}</Typography>
        </Box>
      ))}
      {marks.map(({ key, Icon, color }) => (
        <Box component="li" key={key} sx={item}>
          <Icon aria-hidden sx={{ fontSize: 16, color }} />
          <Typography variant="caption">{t(`portfolioCalendar.legend.${key}`)}</Typography>
        </Box>
      ))}
    </Box>
  );
}
