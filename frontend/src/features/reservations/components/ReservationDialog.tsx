import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { INTEGRATION_SOURCES, type IntegrationSource, type Reservation } from '#shared/schemas';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/use-toast';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useCompanySettings } from '../api/company-settings';
import { createReservation, updateReservation } from '../api/reservations';
import { useRefreshPropertyViews } from '../api/refresh';
import type { ReservationView } from '../api/types';
import { useReservationPermissions } from '../hooks/use-reservation-permissions';
import { stayDaysOf } from '../utils/calendar';
import { formatDay } from '../utils/format';
import { reservationChanges, reservationFormSchema } from '../utils/reservation-form';
import { CancelReservationStep } from './CancelReservationStep';
import { ReservationDetails, TurnoverLink, actionsSx } from './ReservationDetails';
import { GuestLinkSection } from './GuestLinkSection';
import { ReservationFields } from './ReservationFields';
import { ReservationStatusChip } from './ReservationStatusChip';

const FIELDS = ['guestName', 'checkinDate', 'checkoutDate', 'integrationSource'] as const;

export interface ReservationDialogProps {
  open: boolean;
  onClose: () => void;
  propertyId: string;
  /** The reservation to show or edit; absent to add one. */
  reservation?: Reservation;
  /** Days a new reservation starts with. */
  initialDays?: { checkinDay?: string; checkoutDay?: string };
  /** Called with the reservation after it was created or changed. */
  onSaved?: (reservation: ReservationView) => void;
}

/**
 * Add, edit or cancel a reservation (CEO and managers), or read one (staff, or a cancelled stay).
 * Dates are stay days: the company's standard check-in / check-out hours apply.
 */
export function ReservationDialog({ open, onClose, propertyId, reservation, initialDays, onSaved }: ReservationDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { canManage } = useReservationPermissions();
  const readOnly = Boolean(reservation) && (!canManage || reservation?.status === 'cancelled');
  const title = !reservation ? t('reservations.dialog.createTitle') : readOnly ? t('reservations.dialog.viewTitle') : t('reservations.dialog.editTitle');
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="reservation-dialog-title">
      <DialogTitle id="reservation-dialog-title">{title}</DialogTitle>
      {/* Mounted only while open, so each opening starts from the reservation (or empty). */}
      {open &&
        (readOnly && reservation ? (
          <ReservationDetails reservation={reservation} onClose={onClose} />
        ) : (
          <ReservationForm propertyId={propertyId} reservation={reservation} initialDays={initialDays} onClose={onClose} onSaved={onSaved} />
        ))}
    </Dialog>
  );
}

interface ReservationFormProps {
  propertyId: string;
  reservation?: Reservation;
  initialDays?: { checkinDay?: string; checkoutDay?: string };
  onClose: () => void;
  onSaved?: (reservation: ReservationView) => void;
}

function ReservationForm({ propertyId, reservation, initialDays, onClose, onSaved }: ReservationFormProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const { toast } = useToast();
  const { companyId } = useReservationPermissions();
  const { settings } = useCompanySettings(companyId);
  const refreshViews = useRefreshPropertyViews();
  const original = reservation ? stayDaysOf(reservation) : undefined;
  // A source written before the list was fixed stays selectable (and unchanged unless picked away from).
  const legacySource = reservation?.integrationSource && !(INTEGRATION_SOURCES as readonly string[]).includes(reservation.integrationSource) ? reservation.integrationSource : null;
  const schema = useMemo(() => reservationFormSchema(propertyId, t), [propertyId, t]);
  const form = useSchemaForm(schema, {
    defaultValues: {
      guestName: reservation?.guestName ?? '',
      checkinDate: original?.checkinDay ?? initialDays?.checkinDay ?? '',
      checkoutDate: original?.checkoutDay ?? initialDays?.checkoutDay ?? '',
      integrationSource: reservation ? ((reservation.integrationSource as IntegrationSource | null) ?? '') : 'direct',
    },
  });
  const pending = form.formState.isSubmitting;
  const formError = form.formState.errors.root?.message;
  const [confirmingCancel, setConfirmingCancel] = useState(false);

  const submit = form.handleSubmit(async (body) => {
    try {
      if (reservation && original) {
        const changes = reservationChanges(body, reservation, original);
        if (Object.keys(changes).length === 0) {
          onClose();
          return;
        }
        const updated = await updateReservation(reservation.id, changes);
        await refreshViews(propertyId);
        onSaved?.(updated);
        // The server says what became of the cleaning: followed, or a new one because the old one was done.
        const outcome = updated.turnoverOutcome;
        toast({
          title: t('reservations.toast.updated'),
          description:
            outcome === 'moved'
              ? t('reservations.toast.turnoverMoved')
              : outcome === 'replaced'
                ? t('reservations.toast.turnoverReplaced')
                : outcome === 'created'
                  ? t('reservations.toast.turnoverCreated', { date: formatDay(updated.checkoutDay, language) })
                  : undefined,
          severity: 'success',
        });
      } else {
        const created = await createReservation(body);
        await refreshViews(propertyId);
        onSaved?.(created);
        toast({
          title: t('reservations.toast.created'),
          description: created.turnoverTaskId ? t('reservations.toast.turnoverCreated', { date: formatDay(created.checkoutDay, language) }) : undefined,
          severity: 'success',
        });
      }
      onClose();
    } catch (error) {
      const fallback = reservation ? 'reservations.toast.updateFailed' : 'reservations.toast.createFailed';
      if (!applyServerErrors(form, error, { fields: FIELDS })) form.setError('root', { message: errorMessage(error, t(fallback)) });
      // Someone else may have booked the nights or changed the stay meanwhile: show the property as it is now.
      if (isApiError(error) && error.status === 409) void refreshViews(propertyId);
    }
  });

  if (confirmingCancel && reservation) {
    return <CancelReservationStep reservation={reservation} propertyId={propertyId} onBack={() => setConfirmingCancel(false)} onClose={onClose} />;
  }

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent sx={{ pt: 0.5 }}>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {formError && (
            <Alert severity="error" data-testid="reservation-form-error">
              {formError}
            </Alert>
          )}
          {reservation && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <ReservationStatusChip reservation={reservation} />
              {reservation.feedId && <Chip size="small" variant="outlined" label={t('reservations.dialog.imported')} />}
            </Box>
          )}
          <ReservationFields form={form} settings={settings} legacySource={legacySource} autoFocus={!reservation} onChange={() => form.clearErrors('root')} />
          {reservation && <TurnoverLink taskId={reservation.turnoverTaskId} />}
          {reservation && reservation.kind !== 'block' && <GuestLinkSection reservationId={reservation.id} />}
        </Stack>
      </DialogContent>
      <DialogActions sx={actionsSx}>
        {reservation && (
          <Button onClick={() => setConfirmingCancel(true)} disabled={pending} color="error" sx={{ mr: { sm: 'auto' } }}>
            {t('reservations.dialog.cancelReservation')}
          </Button>
        )}
        <Button onClick={onClose} disabled={pending} color="inherit">
          {t('reservations.dialog.close')}
        </Button>
        <Button type="submit" variant="contained" disabled={pending}>
          {pending
            ? t(reservation ? 'reservations.dialog.saving' : 'reservations.dialog.creating')
            : t(reservation ? 'reservations.dialog.save' : 'reservations.dialog.create')}
        </Button>
      </DialogActions>
    </form>
  );
}
