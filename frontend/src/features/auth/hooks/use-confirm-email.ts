import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { confirmEmail } from '../api/confirm-email';
import { linkFailure } from '../lib/api-errors';

/** SPEC point 4: loading, success, expired (the error says expired), error. */
export type ConfirmEmailState =
  | { status: 'loading' }
  | { status: 'success'; already?: boolean }
  | { status: 'expired' }
  | { status: 'error'; message?: string; missingToken?: boolean };

/**
 * Confirms `token` once on arrival. The request lives in a ref, so React's strict-mode double
 * effect (and any re-render) subscribes to the same request instead of sending a second one, which
 * would find the link already used. The toasts are part of that one request.
 */
export function useConfirmEmail(token: string | null): ConfirmEmailState {
  const { t } = useTranslation();
  const { toast } = useToast();
  const request = useRef<{ token: string; outcome: Promise<ConfirmEmailState> } | null>(null);
  const [result, setResult] = useState<{ token: string; state: ConfirmEmailState } | null>(null);

  useEffect(() => {
    if (!token) return undefined;
    if (request.current?.token !== token) {
      const outcome = confirmEmail(token).then(
        (response): ConfirmEmailState => {
          // Opened again (a second click, a mail app's preview): already confirmed, no second toast.
          if (response?.alreadyConfirmed) return { status: 'success', already: true };
          toast({ title: t('auth.confirmEmail.toast.successTitle'), description: response?.message, severity: 'success' });
          return { status: 'success' };
        },
        (error: unknown): ConfirmEmailState => {
          toast({
            title: t('auth.confirmEmail.toast.errorTitle'),
            description: t('auth.confirmEmail.toast.errorDescription'),
            variant: 'destructive',
          });
          return linkFailure(error) === 'expired' ? { status: 'expired' } : { status: 'error', message: errorMessage(error, '') || undefined };
        },
      );
      request.current = { token, outcome };
    }
    let active = true;
    void request.current.outcome.then((state) => {
      if (active) setResult({ token, state });
    });
    return () => {
      active = false;
    };
  }, [token, t, toast]);

  if (!token) return { status: 'error', missingToken: true };
  return result?.token === token ? result.state : { status: 'loading' };
}
