import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { reservationState, type ReservationState, type ReservationStateFields } from '../utils/reservation-state';

export { reservationState, type ReservationState, type ReservationStateFields };

const COLORS: Record<ReservationState, ChipProps['color']> = {
  confirmed: 'success',
  cancelled: 'default',
  missing: 'warning',
  cancelledInFeed: 'warning',
  doubleBooked: 'error',
  tentative: 'info',
  block: 'default',
  toCheck: 'warning',
};

/** Confirmed, Cancelled, Missing from feed, Cancelled in the channel, Double booking, Tentative, Blocked, or Booking or closure - check. */
export function ReservationStatusChip({ reservation }: { reservation: ReservationStateFields }) {
  const { t } = useTranslation();
  const state = reservationState(reservation);
  return (
    <Chip
      size="small"
      variant={state === 'doubleBooked' ? 'filled' : 'outlined'}
      color={COLORS[state]}
      label={t(`reservations.status.${state}`)}
      data-testid="reservation-status"
      data-state={state}
    />
  );
}
