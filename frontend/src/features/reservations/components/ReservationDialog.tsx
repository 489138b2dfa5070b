import { useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CleaningServicesRoundedIcon from '@mui/icons-material/CleaningServicesRounded';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  INTEGRATION_SOURCES,
  MAX_STAY_NIGHTS,
  reservationBody,
  type IntegrationSource,
  type Reservation,
  type ReservationUpdateBody,
} from '#shared/schemas';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/use-toast';
import { useCompanySettings } from '../api/company-settings';
import { cancelReservation, createReservation, updateReservation } from '../api/reservations';
import { useRefreshPropertyViews } from '../api/refresh';
import type { ReservationView } from '../api/types';
import { useReservationPermissions } from '../hooks/use-reservation-permissions';
import { daysBetween, stayDaysOf } from '../utils/calendar';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/field-errors';
import { formatDay, formatHour, sourceName } from '../utils/format';
import { ReservationStatusChip } from './ReservationStatusChip';

type Field = 'guestName' | 'checkinDate' | 'checkoutDate' | 'integrationSource';
const FIELDS: readonly Field[] = ['guestName', 'checkinDate', 'checkoutDate', 'integrationSource'];

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

function TurnoverLink({ taskId }: { taskId: string | null | undefined }) {
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

/** Dialog buttons side by side, or stacked full width on phones (the main action on top). */
const actionsSx = {
  px: 3,
  pb: 2.5,
  gap: 1,
  flexDirection: { xs: 'column-reverse', sm: 'row' },
  alignItems: { xs: 'stretch', sm: 'center' },
  '& > :not(style) ~ :not(style)': { ml: 0 },
} as const;

/** What staff (and everyone, for a cancelled stay) see: the reservation, read-only. */
function ReservationDetails({ reservation, onClose }: { reservation: Reservation; onClose: () => void }) {
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

interface FormValues {
  guestName: string;
  checkinDay: string;
  checkoutDay: string;
  /** '' = not informed. */
  source: IntegrationSource | '';
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
  const [values, setValues] = useState<FormValues>(() => ({
    guestName: reservation?.guestName ?? '',
    checkinDay: original?.checkinDay ?? initialDays?.checkinDay ?? '',
    checkoutDay: original?.checkoutDay ?? initialDays?.checkoutDay ?? '',
    source: reservation ? ((reservation.integrationSource as IntegrationSource | null) ?? '') : 'direct',
  }));
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [reason, setReason] = useState('');

  const field = (name: keyof FormValues, error: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [name]: event.target.value }));
    if (errors[error]) setErrors((current) => ({ ...current, [error]: undefined }));
    setFormError(null);
  };

  const nights = values.checkinDay && values.checkoutDay ? daysBetween(values.checkinDay, values.checkoutDay) : undefined;

  /** The same rules as the server: required fields (reservationBody), check-out after check-in, at most MAX_STAY_NIGHTS. */
  function validate(): FieldErrors<Field> | null {
    const parsed = reservationBody.safeParse({
      propertyId,
      guestName: values.guestName,
      checkinDate: values.checkinDay,
      checkoutDate: values.checkoutDay,
      integrationSource: values.source || null,
    });
    const found: FieldErrors<Field> = parsed.success ? {} : zodFieldErrors<Field>(parsed.error, t);
    if (!found.checkinDate && !found.checkoutDate && nights !== undefined) {
      if (nights < 1) found.checkoutDate = t('reservation.checkoutBeforeCheckin');
      else if (nights > MAX_STAY_NIGHTS) found.checkoutDate = t('reservation.tooLong', { max: MAX_STAY_NIGHTS });
    }
    return Object.keys(found).length ? found : null;
  }

  /** The fields that changed (PUT changes only those; an unchanged stay keeps its exact instants). */
  function changes(): ReservationUpdateBody {
    const body: ReservationUpdateBody = {};
    if (!reservation || !original) return body;
    if (values.guestName.trim() !== reservation.guestName) body.guestName = values.guestName.trim();
    if (values.checkinDay !== original.checkinDay) body.checkinDate = values.checkinDay;
    if (values.checkoutDay !== original.checkoutDay) body.checkoutDate = values.checkoutDay;
    if ((values.source || null) !== (reservation.integrationSource ?? null)) body.integrationSource = (values.source || null) as IntegrationSource | null;
    return body;
  }

  const fail = (error: unknown, fallbackKey: string) => {
    const fieldErrors = serverFieldErrors(error, FIELDS);
    if (Object.keys(fieldErrors).length) setErrors(fieldErrors);
    else setFormError(errorMessage(error, t(fallbackKey)));
    // Someone else may have booked the nights or changed the stay meanwhile: show the property as it is now.
    if (isApiError(error) && error.status === 409) void refreshViews(propertyId);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validate();
    if (invalid) {
      setErrors(invalid);
      return;
    }
    setPending(true);
    setFormError(null);
    try {
      if (reservation) {
        const body = changes();
        if (Object.keys(body).length === 0) {
          onClose();
          return;
        }
        const updated = await updateReservation(reservation.id, body);
        await refreshViews(propertyId);
        onSaved?.(updated);
        const moved = body.checkinDate !== undefined || body.checkoutDate !== undefined;
        toast({
          title: t('reservations.toast.updated'),
          description: moved && reservation.turnoverTaskId ? t('reservations.toast.turnoverMoved') : undefined,
          severity: 'success',
        });
      } else {
        const created = await createReservation({
          propertyId,
          guestName: values.guestName.trim(),
          checkinDate: values.checkinDay,
          checkoutDate: values.checkoutDay,
          integrationSource: values.source || null,
        });
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
      fail(error, reservation ? 'reservations.toast.updateFailed' : 'reservations.toast.createFailed');
    } finally {
      setPending(false);
    }
  };

  const confirmCancel = async () => {
    if (!reservation) return;
    setPending(true);
    setFormError(null);
    try {
      await cancelReservation(reservation.id, reason);
      await refreshViews(propertyId);
      toast({
        title: t('reservations.toast.cancelled'),
        description: reservation.turnoverTaskId ? t('reservations.toast.turnoverCancelled') : undefined,
        severity: 'success',
      });
      onClose();
    } catch (error) {
      setFormError(errorMessage(error, t('reservations.toast.cancelFailed')));
    } finally {
      setPending(false);
    }
  };

  if (confirmingCancel && reservation) {
    return (
      <>
        <DialogContent sx={{ pt: 0.5 }}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError && <Alert severity="error">{formError}</Alert>}
            <Alert severity="warning" data-testid="reservation-cancel-confirm">
              {t('reservations.dialog.cancelConfirm', { guest: reservation.guestName })}
            </Alert>
            <TextField
              label={t('reservations.fields.cancelReason')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              fullWidth
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={actionsSx}>
          <Button onClick={() => setConfirmingCancel(false)} disabled={pending} color="inherit">
            {t('reservations.dialog.back')}
          </Button>
          <Button onClick={confirmCancel} disabled={pending} variant="contained" color="error">
            {pending ? t('reservations.dialog.cancelling') : t('reservations.dialog.confirmCancel')}
          </Button>
        </DialogActions>
      </>
    );
  }

  const hours = settings
    ? { checkin: formatHour(settings.checkinHour, language), checkout: formatHour(settings.checkoutHour, language) }
    : undefined;

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
          <TextField
            label={t('reservations.fields.guestName')}
            value={values.guestName}
            onChange={field('guestName', 'guestName')}
            error={Boolean(errors.guestName)}
            helperText={errors.guestName}
            required
            autoFocus={!reservation}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              type="date"
              label={t('reservations.fields.checkin')}
              value={values.checkinDay}
              onChange={field('checkinDay', 'checkinDate')}
              error={Boolean(errors.checkinDate)}
              helperText={errors.checkinDate ?? (hours ? t('reservations.dialog.checkinHint', { time: hours.checkin }) : ' ')}
              required
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              label={t('reservations.fields.checkout')}
              value={values.checkoutDay}
              onChange={field('checkoutDay', 'checkoutDate')}
              error={Boolean(errors.checkoutDate)}
              helperText={errors.checkoutDate ?? (hours ? t('reservations.dialog.checkoutHint', { time: hours.checkout }) : ' ')}
              required
              fullWidth
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: values.checkinDay || undefined } }}
            />
          </Box>
          {nights !== undefined && nights >= 1 && nights <= MAX_STAY_NIGHTS && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="reservation-nights">
              {t('reservations.nights', { count: nights })}
            </Typography>
          )}
          <TextField
            select
            label={t('reservations.fields.source')}
            value={values.source}
            onChange={field('source', 'integrationSource')}
            error={Boolean(errors.integrationSource)}
            helperText={errors.integrationSource}
            fullWidth
          >
            {INTEGRATION_SOURCES.map((source) => (
              <MenuItem key={source} value={source}>
                {sourceName(t, source)}
              </MenuItem>
            ))}
            <MenuItem value="">{t('reservations.sources.none')}</MenuItem>
            {legacySource && <MenuItem value={legacySource}>{legacySource}</MenuItem>}
          </TextField>
          {reservation && <TurnoverLink taskId={reservation.turnoverTaskId} />}
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
