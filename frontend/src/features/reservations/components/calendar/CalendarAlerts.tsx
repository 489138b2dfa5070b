import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CalendarBlock, ReservationView } from '../../api/types';
import { blockToCheck, type Bar } from '../../utils/calendar-bars';
import { formatDay, sourceName } from '../../utils/format';

export interface CalendarAlertsProps {
  bars: Bar[];
  /** A stay by id: in the month, or read apart (the other side of a double booking). */
  stay: (id: string) => ReservationView | undefined;
  canManage: boolean;
  pendingId: string | null;
  onOpenReservation: (reservation: ReservationView) => void;
  onDismiss: (block: CalendarBlock) => void;
}

const itemSx = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 } as const;

/**
 * What in the month needs a manager, above the grid (bars are too narrow on a phone to say it):
 * double bookings, both stays named with their channel (each opens its dialog, to cancel one), and
 * Booking.com stretches to check, with "Not a stay - no cleaning" in one click.
 */
export function CalendarAlerts({ bars, stay, canManage, pendingId, onOpenReservation, onDismiss }: CalendarAlertsProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const pairs: Array<[ReservationView, ReservationView[]]> = [];
  for (const bar of bars) {
    if (bar.kind !== 'reservation' || !bar.reservation.conflictWith?.length || bar.tone !== 'doubleBooked') continue;
    pairs.push([bar.reservation, bar.reservation.conflictWith.map(stay).filter((other): other is ReservationView => Boolean(other))]);
  }
  const stretches = bars.flatMap((bar) => (bar.kind === 'block' && blockToCheck(bar.block) ? [bar.block] : []));
  if (!pairs.length && !stretches.length) return null;

  const stayLink = (reservation: ReservationView) => (
    <Link component="button" type="button" variant="body2" onClick={() => onOpenReservation(reservation)} sx={{ fontWeight: 600, verticalAlign: 'baseline' }}>
      {t('reservations.doubleBooking.stay', { guest: reservation.guestName, source: sourceName(t, reservation.integrationSource) })}
    </Link>
  );

  return (
    <Box sx={{ display: 'grid', gap: 1, px: { xs: 1.5, sm: 2.5 }, pb: 1.5 }}>
      {pairs.length > 0 && (
        <Alert severity="error" data-testid="calendar-double-bookings" sx={{ '& .MuiAlert-message': { minWidth: 0 } }}>
          <AlertTitle>{t('reservations.doubleBooking.title', { count: pairs.length })}</AlertTitle>
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
            {pairs.map(([reservation, others]) => (
              <Box component="li" key={reservation.id} sx={itemSx} data-testid="calendar-double-booking">
                {stayLink(reservation)}
                {others.map((other) => (
                  <Box component="span" key={other.id} sx={itemSx}>
                    <Typography component="span" variant="body2">
                      {t('reservations.doubleBooking.and')}
                    </Typography>
                    {stayLink(other)}
                  </Box>
                ))}
                <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('reservations.doubleBooking.nights', { checkin: formatDay(reservation.checkinDay, language), checkout: formatDay(reservation.checkoutDay, language) })}
                </Typography>
              </Box>
            ))}
          </Box>
          <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>
            {canManage ? t('reservations.doubleBooking.howTo') : t('reservations.doubleBooking.howToReadOnly')}
          </Typography>
        </Alert>
      )}
      {stretches.length > 0 && (
        <Alert severity="warning" data-testid="calendar-stretches" sx={{ '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}>
          <AlertTitle>{t('reservations.stretch.alertTitle', { count: stretches.length })}</AlertTitle>
          <Typography variant="body2" sx={{ mb: 0.75 }}>
            {t('reservations.stretch.alertText')}
          </Typography>
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.75 }}>
            {stretches.map((block) => (
              <Box component="li" key={block.reservationId} sx={{ ...itemSx, justifyContent: 'space-between' }} data-testid="calendar-stretch">
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t('reservations.stretch.item', { source: sourceName(t, block.source), start: formatDay(block.start, language), end: formatDay(block.end, language) })}
                </Typography>
                {canManage && (
                  <Button size="small" variant="outlined" color="warning" disabled={pendingId !== null} onClick={() => onDismiss(block)}>
                    {t('reservations.stretch.dismiss')}
                  </Button>
                )}
              </Box>
            ))}
          </Box>
        </Alert>
      )}
    </Box>
  );
}
