// The shifts of the day as tabs: Manhã / Tarde / Noite with their hours.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SHIFTS, shiftTimeRange, type Shift } from '#shared/rules';
import { formatClock } from '../../../lib/intl';

export function ShiftTabs({ value, onChange }: { value: Shift; onChange: (shift: Shift) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Card sx={{ px: 1 }}>
      <Tabs value={value} onChange={(_event, next: Shift) => onChange(next)} variant="fullWidth" aria-label={t('shifts.tabs.label')}>
        {SHIFTS.map((shift) => {
          const window = shiftTimeRange(shift);
          return (
            <Tab
              key={shift}
              value={shift}
              label={
                <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
                  <span>{t(`shifts.tabs.${shift}`)}</span>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {t('shifts.timeRange', { start: formatClock(window.start, i18n.language), end: formatClock(window.end, i18n.language) })}
                  </Typography>
                </Box>
              }
              sx={{ textTransform: 'none', fontWeight: 600, py: 1.5 }}
            />
          );
        })}
      </Tabs>
    </Card>
  );
}
