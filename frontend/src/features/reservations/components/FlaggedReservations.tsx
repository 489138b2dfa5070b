import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Reservation } from '#shared/schemas';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/use-toast';
import { useFlaggedReservations } from '../api/get-flagged-reservations';
import { cancelReservation, keepReservation } from '../api/reservations';
import { useRefreshPropertyViews } from '../api/refresh';
import { useReservationPermissions } from '../hooks/use-reservation-permissions';
import { stayDaysOf } from '../utils/calendar';
import { formatDay, formatDateTime, sourceName } from '../utils/format';
import { useCompanyTimeZone } from '../../companies/api/get-companies';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * Bookings that vanished from a calendar feed that otherwise synced fine, or that the channel marks
 * cancelled. The sync never cancels them by itself: a manager keeps them (the booking was moved off
 * the channel, say) or cancels them.
 */
export function FlaggedReservations({ propertyId }: { propertyId: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const timeZone = useCompanyTimeZone();
  const { toast } = useToast();
  const { canManage } = useReservationPermissions();
  const { flagged } = useFlaggedReservations(propertyId);
  const refreshViews = useRefreshPropertyViews();
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<Reservation | null>(null);

  if (flagged.length === 0) return null;
  const cancelledInChannel = flagged.filter((reservation) => reservation.syncStatus === 'cancelled_in_feed').length;
  // One kind of flag: its own words; both kinds: a title for both, each row says which.
  const group = cancelledInChannel === 0 ? 'missing' : cancelledInChannel === flagged.length ? 'cancelledInFeed' : 'mixed';

  const keep = async (reservation: Reservation) => {
    setPendingId(reservation.id);
    try {
      const kept = await keepReservation(reservation.id);
      await refreshViews(propertyId);
      // Only an answer that is no longer flagged is a kept booking (never a success the list contradicts).
      if (kept.syncStatus === 'missing_from_feed' || kept.syncStatus === 'cancelled_in_feed') toast({ title: t('reservations.flagged.keepFailed'), variant: 'destructive' });
      else toast({ title: t('reservations.flagged.kept', { guest: reservation.guestName }), severity: 'success' });
    } catch (error) {
      toast({ title: t('reservations.flagged.keepFailed'), description: errorMessage(error, ''), variant: 'destructive' });
    } finally {
      setPendingId(null);
    }
  };

  const cancel = async () => {
    if (!cancelling) return;
    setPendingId(cancelling.id);
    try {
      await cancelReservation(cancelling.id, t(cancelling.syncStatus === 'cancelled_in_feed' ? 'reservations.flagged.cancelledInFeedReason' : 'reservations.flagged.cancelReason'));
      await refreshViews(propertyId);
      toast({
        title: t('reservations.toast.cancelled'),
        description: cancelling.turnoverTaskId ? t('reservations.toast.turnoverCancelled') : undefined,
        severity: 'success',
      });
      setCancelling(null);
    } catch (error) {
      toast({ title: t('reservations.toast.cancelFailed'), description: errorMessage(error, ''), variant: 'destructive' });
    } finally {
      setPendingId(null);
    }
  };

  return (
    <Alert severity="warning" sx={{ m: 2, '& .MuiAlert-message': { width: '100%', minWidth: 0 } }} data-testid="flagged-reservations">
      <AlertTitle>{t(`reservations.flagged.${group === 'missing' ? 'title' : `${group}Title`}`, { count: flagged.length })}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {canManage ? t(`reservations.flagged.${group === 'missing' ? 'description' : `${group}Description`}`) : t('reservations.flagged.descriptionReadOnly')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {flagged.map((reservation) => {
          const days = stayDaysOf(reservation);
          return (
            <Box
              component="li"
              key={reservation.id}
              data-testid="flagged-reservation"
              data-state={reservation.syncStatus ?? undefined}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, p: 1.25, borderRadius: 1, bgcolor: 'background.paper', border: 1, borderColor: 'divider' }}
            >
              <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
                <Typography variant="subtitle2" component="p" sx={{ overflowWrap: 'anywhere' }}>
                  {reservation.guestName} · {sourceName(t, reservation.integrationSource)}
                </Typography>
                <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                  {t('reservations.flagged.stay', { checkin: formatDay(days.checkinDay, language), checkout: formatDay(days.checkoutDay, language) })}
                  {reservation.syncStatus === 'cancelled_in_feed'
                    ? ` · ${t('reservations.status.cancelledInFeed')}`
                    : reservation.missingSince && ` · ${t('reservations.flagged.since', { date: formatDateTime(reservation.missingSince, language, timeZone) })}`}
                </Typography>
              </Box>
              {canManage && (
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  <Button size="small" variant="outlined" onClick={() => keep(reservation)} disabled={pendingId !== null}>
                    {t('reservations.flagged.keep')}
                  </Button>
                  <Button size="small" variant="outlined" color="error" onClick={() => setCancelling(reservation)} disabled={pendingId !== null}>
                    {t('reservations.dialog.cancelReservation')}
                  </Button>
                </Box>
              )}
            </Box>
          );
        })}
      </Box>
      <ConfirmDialog
        open={Boolean(cancelling)}
        title={t('reservations.dialog.cancelReservation')}
        confirmLabel={pendingId ? t('reservations.dialog.cancelling') : t('reservations.dialog.confirmCancel')}
        pending={pendingId !== null}
        onConfirm={cancel}
        onClose={() => setCancelling(null)}
      >
        {cancelling && t('reservations.dialog.cancelConfirm', { guest: cancelling.guestName })}
      </ConfirmDialog>
    </Alert>
  );
}
