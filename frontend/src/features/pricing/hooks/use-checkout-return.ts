import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { mutate } from 'swr';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/use-toast';
import { COMPANIES_KEY } from '../../companies/api/get-companies';
import { BILLING_HISTORY_KEY } from '../api/billing';

/**
 * Back from the provider's checkout (`/pricing?checkout=success|cancelled`): says so, and reads the
 * company again (now and a few seconds later: the provider's webhook may land just after the return).
 */
export function useCheckoutReturn(): void {
  const { t } = useTranslation();
  const { toast } = useToast();
  const [params, setParams] = useSearchParams();
  const outcome = params.get('checkout');
  useEffect(() => {
    if (outcome !== 'success' && outcome !== 'cancelled') return;
    if (outcome === 'success') toast({ title: t('pricing.checkout.success'), description: t('pricing.checkout.successText'), severity: 'success' });
    else toast({ title: t('pricing.checkout.cancelled'), description: t('pricing.checkout.cancelledText') });
    const refresh = () => void Promise.all([mutate(COMPANIES_KEY), mutate(BILLING_HISTORY_KEY)]);
    refresh();
    const timers = outcome === 'success' ? [setTimeout(refresh, 2_000), setTimeout(refresh, 6_000)] : [];
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('checkout');
      return next;
    }, { replace: true });
    return () => timers.forEach(clearTimeout);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per return
  }, [outcome]);
}
