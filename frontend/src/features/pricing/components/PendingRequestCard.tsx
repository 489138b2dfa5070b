import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { PlanRequest } from '#shared/schemas';
import { formatDay } from '../utils/format';

export interface PendingRequestCardProps {
  request: PlanRequest;
  timeZone?: string | null;
  canCancel: boolean;
  cancelling: boolean;
  onCancel: () => void;
}

/** The company's pending plan change: plan, billing, the date it takes effect, and Cancel. */
export function PendingRequestCard({ request, timeZone, canCancel, cancelling, onCancel }: PendingRequestCardProps) {
  const { t, i18n } = useTranslation();
  return (
    <Alert
      severity="warning"
      variant="outlined"
      data-testid="pending-plan-request"
      sx={{ bgcolor: 'background.paper', alignItems: 'center' }}
      action={
        canCancel && (
          <Button color="inherit" size="small" onClick={onCancel} disabled={cancelling}>
            {t('pricing.pending.cancel')}
          </Button>
        )
      }
    >
      <AlertTitle>{t('pricing.pending.title')}</AlertTitle>
      {t('pricing.pending.text', {
        plan: t(`common.plans.${request.plan}`),
        billing: t(`pricing.billing.${request.billing}`),
        date: formatDay(request.effectiveAt, i18n.language, timeZone),
      })}{' '}
      {request.source === 'signup'
        ? t('pricing.pending.fromSignup')
        : t('pricing.pending.requestedAt', { date: formatDay(request.requestedAt, i18n.language, timeZone) })}
    </Alert>
  );
}
