import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/use-toast';
import { isApiError } from '../../../lib/api-client';
import type { SendResult } from '../api/send-result';

export interface ResultToastTexts {
  /** Title when the server says it worked (e.g. Teste enviado). */
  ok: string;
  /** Title when the server says it did not (e.g. Teste falhou). */
  failed: string;
}

/** Toasts for the send and check calls: success / failure with the server's message, or the request failure. */
export function useResultToast() {
  const { t } = useTranslation();
  const { toast } = useToast();

  const showResult = useCallback(
    (result: SendResult, texts: ResultToastTexts) =>
      result.success
        ? toast({ title: texts.ok, description: result.message, severity: 'success' })
        : toast({ title: texts.failed, description: result.message, variant: 'destructive' }),
    [toast],
  );

  /** `requestFailed`: SPEC point 8's text for a request that failed (e.g. Falha ao enviar teste de notificação.). */
  const showRequestFailure = useCallback(
    (error: unknown, requestFailed: string) => {
      // The server's own words (e.g. "Ative o SMS…", the hourly limit) follow the SPEC text.
      const body = isApiError(error) && error.status !== 401 ? (error.body as { message?: unknown } | undefined) : undefined;
      const detail = typeof body?.message === 'string' ? body.message : '';
      toast({ title: t('notifications.toast.error'), description: detail ? `${requestFailed} ${detail}` : requestFailed, variant: 'destructive' });
    },
    [t, toast],
  );

  return { showResult, showRequestFailure };
}
