import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PLANS, type Plan } from '#shared/enums';
import type { BillingCycle } from '#shared/plans';
import { nextBillingCycleStart, planButton } from '#shared/rules';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { useCompanies } from '../../companies/api/get-companies';
import { cancelPlanRequest } from '../api/cancel-plan-request';
import { createPlanRequest } from '../api/create-plan-request';
import { usePlanRequests } from '../api/get-plan-requests';
import { BillingToggle } from '../components/BillingToggle';
import { PendingRequestCard } from '../components/PendingRequestCard';
import { PlanCard } from '../components/PlanCard';
import { PlanRequestDialog } from '../components/PlanRequestDialog';
import { PricingFaq } from '../components/PricingFaq';
import { TrialBanner } from '../components/TrialBanner';
import { useNow } from '../hooks/use-now';
import { formatDay } from '../utils/format';

const gridSx = {
  display: 'grid',
  gap: 3,
  pt: 1.5,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
} as const;

/**
 * Planos e Preços: billing toggle, the four plans with SPEC's button rules (shared/rules.ts,
 * planButton), the trial banner, the pending plan-change request and the FAQ. No payment provider
 * is integrated: choosing a plan records a request for the next billing cycle (CEO only).
 */
export default function PricingPage() {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const { user } = useCurrentUser();
  const { company, isLoading: companyLoading } = useCompanies();
  const { pending } = usePlanRequests();
  const now = useNow();
  const [billing, setBilling] = useState<BillingCycle>('monthly');
  const [choice, setChoice] = useState<Plan | null>(null);
  const [busy, setBusy] = useState(false);

  const isCeo = user?.role === 'ceo';
  const timeZone = company?.timezone;

  const confirm = async () => {
    if (!choice) return;
    setBusy(true);
    try {
      const request = await createPlanRequest({ plan: choice, billing });
      setChoice(null);
      toast({
        title: t('pricing.toast.requested'),
        description: t('pricing.toast.requestedText', {
          plan: t(`common.plans.${request.plan}`),
          date: formatDay(request.effectiveAt, i18n.language, timeZone),
        }),
        severity: 'success',
      });
    } catch (error) {
      toast({ title: t('pricing.toast.failed'), description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await cancelPlanRequest(pending.id);
      toast({ title: t('pricing.toast.cancelled'), severity: 'success' });
    } catch (error) {
      toast({ title: t('pricing.toast.cancelFailed'), description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={3}>
      <PageHeader title={t('pricing.title')} subtitle={t('pricing.subtitle')} />

      {company?.plan === 'trial' && <TrialBanner trialEndsAt={company.trialEndsAt} timeZone={timeZone} now={now} />}
      {pending && (
        <PendingRequestCard request={pending} timeZone={timeZone} canCancel={isCeo} cancelling={busy} onCancel={() => void cancel()} />
      )}
      <Alert severity="info" variant="outlined" sx={{ bgcolor: 'background.paper' }} data-testid="no-payment-notice">
        {t('pricing.noPayment')}
      </Alert>
      {user && !isCeo && <Alert severity="warning">{t('pricing.ceoOnly')}</Alert>}

      <Box sx={{ display: 'flex', justifyContent: 'center' }}>
        <BillingToggle value={billing} onChange={setBilling} />
      </Box>

      <Box sx={gridSx}>
        {!company || companyLoading
          ? PLANS.map((plan) => <Skeleton key={plan} variant="rounded" height={520} />)
          : PLANS.map((plan) => (
              <PlanCard
                key={plan}
                plan={plan}
                billing={billing}
                button={planButton(plan, company, now)}
                current={company.plan === plan}
                requested={pending?.plan === plan}
                locked={!isCeo}
                onChoose={setChoice}
              />
            ))}
      </Box>

      <PricingFaq />

      {company && (
        <PlanRequestDialog
          plan={choice}
          billing={billing}
          effectiveAt={nextBillingCycleStart(company, now).toISOString()}
          timeZone={timeZone}
          contactEmail={company.email ?? user?.email}
          replaces={pending && (pending.plan !== choice || pending.billing !== billing) ? pending : undefined}
          submitting={busy}
          onConfirm={() => void confirm()}
          onClose={() => setChoice(null)}
        />
      )}
    </Stack>
  );
}
