import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/use-toast';
import { paths } from '../../../config/paths';
import { errorMessage, onSubscriptionRequired } from '../../../lib/api-client';
import { useCurrentUser } from '../../auth/api/get-current-user';

/** Several refused writes in a row (a screen saving a few things) give one toast. */
const QUIET_MS = 4000;

/**
 * Mount once on authenticated screens (the app layout does). A write refused because the company's
 * trial (or paid access) has ended answers 402 `subscription.*`: the CEO sees the server's message
 * and is taken to the pricing screen to choose a plan; everyone else sees the message (it tells them
 * to ask the CEO) and stays where they are. Reads keep working, so nothing else changes.
 */
export function useReadOnlyRedirect(): void {
  const { toast } = useToast();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const lastShown = useRef(0);
  const isCeo = user?.role === 'ceo';

  useEffect(
    () =>
      onSubscriptionRequired((error) => {
        const now = Date.now();
        if (now - lastShown.current > QUIET_MS) {
          lastShown.current = now;
          toast({ title: t('subscription.readOnly.title'), description: errorMessage(error), variant: 'destructive' });
        }
        if (isCeo && window.location.pathname !== paths.pricing) navigate(paths.pricing);
      }),
    [toast, t, navigate, isCeo],
  );
}
