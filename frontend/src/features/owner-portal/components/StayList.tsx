import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDay, sourceName } from '../../reservations/utils/format';
import type { OwnerCalendarStay } from '../api/types';
import type { NightKind } from '../utils/month';
import { NIGHT_STYLES } from './MonthGrid';

/** The month's stays, blocks and owner stays as a list: the dates, the nights, the guest and channel where given. */
export function StayList({ stays, kindLabel }: { stays: OwnerCalendarStay[]; kindLabel: (kind: NightKind) => string }) {
  const { t, i18n } = useTranslation();
  if (!stays.length) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary', py: 2 }}>
        {t('ownerPortal.calendar.nothing')}
      </Typography>
    );
  }
  return (
    <List dense aria-label={t('ownerPortal.calendar.listLabel')} disablePadding>
      {stays.map((stay) => {
        const dates = t('ownerPortal.calendar.dates', { from: formatDay(stay.checkinDate, i18n.language), to: formatDay(stay.checkoutDate, i18n.language), count: stay.nights });
        const who = stay.kind === 'stay' ? [stay.guestName, stay.channel && sourceName(t, stay.channel)].filter(Boolean).join(' · ') : '';
        return (
          <ListItem key={stay.id} divider data-testid="owner-stay" data-kind={stay.kind} sx={{ gap: 1.5, px: 0 }}>
            <Chip size="small" label={kindLabel(stay.kind)} sx={{ ...NIGHT_STYLES[stay.kind], minWidth: 96, flexShrink: 0, fontWeight: 600 }} />
            <ListItemText primary={dates} secondary={who || undefined} />
            <Box />
          </ListItem>
        );
      })}
    </List>
  );
}
