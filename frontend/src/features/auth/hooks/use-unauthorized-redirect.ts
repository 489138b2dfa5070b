import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/use-toast';
import { UNAUTHORIZED_REDIRECT_DELAY_MS, loginUrl } from '../../../config/paths';
import { onUnauthorized } from '../../../lib/api-client';

let redirecting = false;

/**
 * Mount once on authenticated screens (the app layout does). From then on, any call through
 * `apiRequest` (SWR queries and mutations alike) that answers 401 shows the toast
 * "Unauthorized / You are logged out. Logging in again..." and sends the browser to /api/login
 * after 500 ms (SPEC points 2 and 8). Several 401s in a row give one toast and one redirect.
 */
export function useUnauthorizedRedirect(): void {
  const { toast } = useToast();
  const { t, i18n } = useTranslation();

  useEffect(
    () =>
      onUnauthorized(() => {
        if (redirecting) return;
        redirecting = true;
        toast({
          title: t('toast.unauthorized.title'),
          description: t('toast.unauthorized.description'),
          variant: 'destructive',
        });
        window.setTimeout(() => {
          window.location.href = loginUrl(i18n.language);
        }, UNAUTHORIZED_REDIRECT_DELAY_MS);
      }),
    [toast, t, i18n],
  );
}
