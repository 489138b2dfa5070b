import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { Company } from '#shared/schemas';
import { formatDay } from '../utils/format';

export interface SubscriptionCardProps {
  company: Company;
  canManage: boolean;
  busy: boolean;
  onManage: () => void;
  onKeepPlan: () => void;
}

/** The paid subscription: its state (active, past due with the grace's end, cancelled), a scheduled downgrade, and the portal. */
export function SubscriptionCard({ company, canManage, busy, onManage, onKeepPlan }: SubscriptionCardProps) {
  const { t, i18n } = useTranslation();
  const status = company.billingStatus;
  if (!status || status === 'trial') return null;
  const day = (iso?: string | null) => (iso ? formatDay(iso, i18n.language, company.timezone) : '');
  const plan = t(`common.plans.${company.plan}`);
  const severity = status === 'active' ? 'success' : status === 'past_due' ? 'error' : 'warning';
  const text =
    status === 'active'
      ? t('pricing.subscription.activeText', { plan, date: day(company.currentPeriodEnd) })
      : status === 'past_due'
        ? t('pricing.subscription.pastDueText', { plan, date: day(company.graceEndsAt) })
        : t('pricing.subscription.cancelledText', { plan, date: day(company.currentPeriodEnd) });
  return (
    <Stack spacing={1.5}>
      <Alert
        severity={severity}
        variant="outlined"
        data-testid="subscription-status"
        sx={{ bgcolor: 'background.paper', alignItems: 'center' }}
        action={
          canManage && company.paymentCustomerId ? (
            <Button color="inherit" size="small" onClick={onManage} disabled={busy} data-testid="manage-billing">
              {t('pricing.subscription.manage')}
            </Button>
          ) : undefined
        }
      >
        <AlertTitle>{t(`pricing.subscription.${status}`)}</AlertTitle>
        {text}
      </Alert>
      {company.scheduledPlan && (
        <Alert
          severity="info"
          variant="outlined"
          data-testid="scheduled-downgrade"
          sx={{ bgcolor: 'background.paper', alignItems: 'center' }}
          action={
            canManage ? (
              <Button color="inherit" size="small" onClick={onKeepPlan} disabled={busy}>
                {t('pricing.downgrade.keep')}
              </Button>
            ) : undefined
          }
        >
          {t('pricing.downgrade.scheduledBanner', { plan: t(`common.plans.${company.scheduledPlan}`), date: day(company.scheduledPlanAt) })}
        </Alert>
      )}
    </Stack>
  );
}
