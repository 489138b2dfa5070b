import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { Reservation } from '#shared/schemas';

export type ReservationState = 'confirmed' | 'cancelled' | 'missing';

export function reservationState(reservation: Pick<Reservation, 'status' | 'syncStatus'>): ReservationState {
  if (reservation.status === 'cancelled') return 'cancelled';
  if (reservation.syncStatus === 'missing_from_feed') return 'missing';
  return 'confirmed';
}

const COLORS: Record<ReservationState, ChipProps['color']> = { confirmed: 'success', cancelled: 'default', missing: 'warning' };

/** Confirmed, Cancelled, or Missing from feed (a booking that vanished from its iCal feed). */
export function ReservationStatusChip({ reservation }: { reservation: Pick<Reservation, 'status' | 'syncStatus'> }) {
  const { t } = useTranslation();
  const state = reservationState(reservation);
  return <Chip size="small" variant="outlined" color={COLORS[state]} label={t(`reservations.status.${state}`)} data-testid="reservation-status" />;
}
