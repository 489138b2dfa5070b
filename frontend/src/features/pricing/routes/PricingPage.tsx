import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PLAN_RANK, isCheckoutPlan, type PlanExcess } from '#shared/billing';
import { PLANS, type Plan } from '#shared/enums';
import type { BillingCycle } from '#shared/plans';
import { nextBillingCycleStart, planButton, type PlanButton } from '#shared/rules';
import type { Company } from '#shared/schemas';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { useCompanies } from '../../companies/api/get-companies';
import { BILLING_HISTORY_KEY, excessOf, openBillingPortal, requestDowngrade, startCheckout, useBillingHistory, withdrawDowngrade } from '../api/billing';
import { cancelPlanRequest } from '../api/cancel-plan-request';
import { createPlanRequest } from '../api/create-plan-request';
import { PLAN_REQUESTS_KEY, usePlanRequests } from '../api/get-plan-requests';
import type { FirstReads } from '../../../lib/first-reads';
import { BillingHistoryCard } from '../components/BillingHistoryCard';
import { BillingToggle } from '../components/BillingToggle';
import { DowngradeDialog } from '../components/DowngradeDialog';
import { PendingRequestCard } from '../components/PendingRequestCard';
import { PlanCard } from '../components/PlanCard';
import { PlanRequestDialog } from '../components/PlanRequestDialog';
import { PricingFaq } from '../components/PricingFaq';
import { SubscriptionCard } from '../components/SubscriptionCard';
import { TrialBanner } from '../components/TrialBanner';
import { useCheckoutReturn } from '../hooks/use-checkout-return';
import { useNow } from '../hooks/use-now';
import { formatDay } from '../utils/format';

const gridSx = {
  display: 'grid',
  gap: 3,
  pt: 1.5,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
} as const;

const payingFor = (company: Company) => company.billingStatus === 'active' || company.billingStatus === 'past_due';

/** SPEC's button rules (shared/rules.ts planButton), plus "Downgrade" on a smaller plan than the one paid for. */
function buttonOf(plan: Plan, company: Company, now: Date): PlanButton {
  const button = planButton(plan, company, now);
  if (!button.disabled && payingFor(company) && isCheckoutPlan(plan) && PLAN_RANK[plan] < PLAN_RANK[company.plan]) return { label: 'downgrade', disabled: false };
  return button;
}

/** What the plans' first render shows (app/boot.ts loads it before React draws); the billing history is the CEO's. */
export const firstReads: FirstReads = (_location, user) => [PLAN_REQUESTS_KEY, ...(user.role === 'ceo' ? [BILLING_HISTORY_KEY] : [])];

/**
 * Planos e Preços: billing toggle, the four plans, the trial banner or the subscription's state,
 * and the FAQ. "Activate now" / "Upgrade" go through the payment provider's checkout (an upgrade of
 * a paying company applies at once); a smaller plan is asked for and takes effect at the end of the
 * paid period (or the screen says what to remove first); enterprise stays a request to sales.
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
  const [downgrade, setDowngrade] = useState<{ plan: Plan; excess?: PlanExcess } | null>(null);
  const [busy, setBusy] = useState(false);
  useCheckoutReturn();

  const isCeo = user?.role === 'ceo';
  const { history } = useBillingHistory(isCeo);
  const timeZone = company?.timezone;

  const run = async (failed: string, action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      toast({ title: t(failed), description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const checkout = (plan: Plan) =>
    run('pricing.checkout.failed', async () => {
      if (!isCheckoutPlan(plan)) return;
      const { url, applied } = await startCheckout(plan, billing);
      if (applied) toast({ title: t('pricing.checkout.upgraded', { plan: t(`common.plans.${plan}`) }), severity: 'success' });
      else window.location.assign(url);
    });

  const choose = (plan: Plan) => {
    if (!company || plan === 'enterprise' || plan === 'trial') return setChoice(plan);
    if (buttonOf(plan, company, now).label === 'downgrade') return setDowngrade({ plan });
    void checkout(plan);
  };

  const confirmDowngrade = () =>
    run('pricing.downgrade.failed', async () => {
      if (!downgrade || !isCheckoutPlan(downgrade.plan)) return;
      try {
        const { applied, company: after } = await requestDowngrade(downgrade.plan);
        setDowngrade(null);
        const plan = t(`common.plans.${downgrade.plan}`);
        toast({
          title: applied ? t('pricing.downgrade.applied', { plan }) : t('pricing.downgrade.scheduled', { plan, date: formatDay(after.scheduledPlanAt!, i18n.language, timeZone) }),
          severity: 'success',
        });
      } catch (error) {
        const excess = excessOf(error);
        if (!excess) throw error;
        setDowngrade({ plan: downgrade.plan, excess });
      }
    });

  const confirm = () =>
    run('pricing.toast.failed', async () => {
      if (!choice) return;
      const request = await createPlanRequest({ plan: choice, billing });
      setChoice(null);
      toast({
        title: t('pricing.toast.requested'),
        description: t('pricing.toast.requestedText', { plan: t(`common.plans.${request.plan}`), date: formatDay(request.effectiveAt, i18n.language, timeZone) }),
        severity: 'success',
      });
    });

  const cancel = () =>
    run('pricing.toast.cancelFailed', async () => {
      if (!pending) return;
      await cancelPlanRequest(pending.id);
      toast({ title: t('pricing.toast.cancelled'), severity: 'success' });
    });

  const manage = () => run('pricing.checkout.failed', async () => window.location.assign(await openBillingPortal()));
  const keepPlan = () => run('pricing.downgrade.failed', withdrawDowngrade);

  return (
    <Stack spacing={3}>
      <PageHeader title={t('pricing.title')} subtitle={t('pricing.subtitle')} />

      {/* The master account is unlimited (SPEC "Conta Master"): no trial banner, whatever its company's plan. */}
      {company?.plan === 'trial' && !user?.isMaster && <TrialBanner trialEndsAt={company.trialEndsAt} timeZone={timeZone} now={now} />}
      {company && !user?.isMaster && <SubscriptionCard company={company} canManage={isCeo} busy={busy} onManage={() => void manage()} onKeepPlan={() => void keepPlan()} />}
      {pending && <PendingRequestCard request={pending} timeZone={timeZone} canCancel={isCeo} cancelling={busy} onCancel={() => void cancel()} />}
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
                button={buttonOf(plan, company, now)}
                current={company.plan === plan}
                requested={pending?.plan === plan || company.scheduledPlan === plan}
                locked={!isCeo || busy}
                onChoose={choose}
              />
            ))}
      </Box>

      {isCeo && company && <BillingHistoryCard history={history} timeZone={timeZone} />}
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
      {company && downgrade && (
        <DowngradeDialog
          plan={downgrade.plan}
          effectiveAt={company.currentPeriodEnd && new Date(company.currentPeriodEnd) > now ? company.currentPeriodEnd : null}
          timeZone={timeZone}
          excess={downgrade.excess}
          submitting={busy}
          onConfirm={() => void confirmDowngrade()}
          onClose={() => setDowngrade(null)}
        />
      )}
    </Stack>
  );
}
