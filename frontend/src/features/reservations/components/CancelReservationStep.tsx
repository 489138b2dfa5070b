// The reservation dialog's cancel step: the confirmation, an optional reason, and the cancellation.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { reservationCancelBody, type Reservation } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { FormTextField } from '../../../lib/forms/fields';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { cancelReservation } from '../api/reservations';
import { useRefreshPropertyViews } from '../api/refresh';
import { actionsSx } from './ReservationDetails';

interface CancelReservationStepProps {
  reservation: Reservation;
  propertyId: string;
  onBack: () => void;
  onClose: () => void;
}

export function CancelReservationStep({ reservation, propertyId, onBack, onClose }: CancelReservationStepProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const refreshViews = useRefreshPropertyViews();
  const form = useSchemaForm(reservationCancelBody, { defaultValues: { reason: '' } });
  const pending = form.formState.isSubmitting;
  const formError = form.formState.errors.root?.message;

  const confirmCancel = form.handleSubmit(async ({ reason }) => {
    try {
      await cancelReservation(reservation.id, reason ?? '');
      await refreshViews(propertyId);
      toast({
        title: t('reservations.toast.cancelled'),
        description: reservation.turnoverTaskId ? t('reservations.toast.turnoverCancelled') : undefined,
        severity: 'success',
      });
      onClose();
    } catch (error) {
      if (!applyServerErrors(form, error, { fields: ['reason'] })) form.setError('root', { message: errorMessage(error, t('reservations.toast.cancelFailed')) });
    }
  });

  return (
    <>
      <DialogContent sx={{ pt: 0.5 }}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <Alert severity="warning" data-testid="reservation-cancel-confirm">
            {t('reservations.dialog.cancelConfirm', { guest: reservation.guestName })}
          </Alert>
          <FormTextField
            form={form}
            name="reason"
            label={t('reservations.fields.cancelReason')}
            fullWidth
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={actionsSx}>
        <Button onClick={onBack} disabled={pending} color="inherit">
          {t('reservations.dialog.back')}
        </Button>
        <Button onClick={() => void confirmCancel()} disabled={pending} variant="contained" color="error">
          {pending ? t('reservations.dialog.cancelling') : t('reservations.dialog.confirmCancel')}
        </Button>
      </DialogActions>
    </>
  );
}
