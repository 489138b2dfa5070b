// What staff (and everyone, for a cancelled stay) see of a reservation: its details, read-only.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CleaningServicesRoundedIcon from '#icons/CleaningServicesRounded';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Reservation } from '#shared/schemas';
import { daysBetween, stayDaysOf } from '../utils/calendar';
import { formatDay, sourceName } from '../utils/format';
import { ReservationStatusChip } from './ReservationStatusChip';

/** The stay's turnover cleaning task, when it has one. */
export function TurnoverLink({ taskId }: { taskId: string | null | undefined }) {
  const { t } = useTranslation();
  if (!taskId) return null;
  return (
    <Link
      component={RouterLink}
      to={`/tasks/${encodeURIComponent(taskId)}`}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, fontSize: '0.875rem' }}
      data-testid="reservation-turnover-link"
    >
      <CleaningServicesRoundedIcon sx={{ fontSize: 18 }} />
      {t('reservations.dialog.openTurnover')}
    </Link>
  );
}

/** Dialog buttons side by side, or stacked full width on phones (the main action on top). */
export const actionsSx = {
  px: 3,
  pb: 2.5,
  gap: 1,
  flexDirection: { xs: 'column-reverse', sm: 'row' },
  alignItems: { xs: 'stretch', sm: 'center' },
  '& > :not(style) ~ :not(style)': { ml: 0 },
} as const;

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' }, gap: { xs: 0.25, sm: 2 }, py: 1, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

export function ReservationDetails({ reservation, onClose }: { reservation: Reservation; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const days = stayDaysOf(reservation);
  const nights = Math.max(0, daysBetween(days.checkinDay, days.checkoutDay));
  return (
    <>
      <DialogContent sx={{ pt: 0.5 }}>
        <Box component="dl" sx={{ m: 0 }} data-testid="reservation-details">
          <DetailRow label={t('reservations.fields.guestName')}>{reservation.guestName}</DetailRow>
          <DetailRow label={t('reservations.fields.checkin')}>{formatDay(days.checkinDay, language)}</DetailRow>
          <DetailRow label={t('reservations.fields.checkout')}>{formatDay(days.checkoutDay, language)}</DetailRow>
          <DetailRow label={t('reservations.fields.nightsLabel')}>{t('reservations.nights', { count: nights })}</DetailRow>
          <DetailRow label={t('reservations.fields.source')}>{sourceName(t, reservation.integrationSource)}</DetailRow>
          <DetailRow label={t('reservations.fields.status')}>
            <ReservationStatusChip reservation={reservation} />
          </DetailRow>
          {reservation.status === 'cancelled' && reservation.cancelReason && (
            <DetailRow label={t('reservations.fields.cancelReason')}>{reservation.cancelReason}</DetailRow>
          )}
        </Box>
        <Box sx={{ mt: 2 }}>
          <TurnoverLink taskId={reservation.turnoverTaskId} />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} variant="contained">
          {t('reservations.dialog.close')}
        </Button>
      </DialogActions>
    </>
  );
}
