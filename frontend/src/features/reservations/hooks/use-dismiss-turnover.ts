import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/use-toast';
import { useRefreshPropertyViews } from '../api/refresh';
import { dismissTurnover } from '../api/reservations';

export interface DismissTurnover {
  /** "Not a stay - no cleaning" on a Booking.com stretch: its turnover is cancelled for good. */
  dismiss: (reservationId: string) => Promise<boolean>;
  /** The stretch being dismissed (its button waits). */
  pendingId: string | null;
}

/** One click, a toast, and the property's calendar, lists and tasks read again. */
export function useDismissTurnover(propertyId: string): DismissTurnover {
  const { t } = useTranslation();
  const { toast } = useToast();
  const refreshViews = useRefreshPropertyViews();
  const [pendingId, setPendingId] = useState<string | null>(null);

  const dismiss = async (reservationId: string) => {
    setPendingId(reservationId);
    try {
      await dismissTurnover(reservationId);
      await refreshViews(propertyId);
      toast({ title: t('reservations.stretch.dismissed'), description: t('reservations.stretch.dismissedHint'), severity: 'success' });
      return true;
    } catch (error) {
      toast({ title: t('reservations.stretch.dismissFailed'), description: errorMessage(error, ''), variant: 'destructive' });
      return false;
    } finally {
      setPendingId(null);
    }
  };
  return { dismiss, pendingId };
}
