import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { planAllows, planFor, type IntegrationFeature } from '#shared/integrations';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { useCompanies } from '../../companies/api/get-companies';
import { ActivityCard } from '../components/ActivityCard';
import { ApiKeysCard } from '../components/ApiKeysCard';
import { DeveloperLinks } from '../components/DeveloperLinks';
import { WebhooksCard } from '../components/WebhooksCard';

/**
 * Integrations (issue 39), CEO only: the company's API keys, its webhook endpoints with their
 * deliveries, the history of both, and the way to the API reference (/developers) and the OpenAPI
 * document. What the plan lacks (trial and Basic: everything; Professional: write keys) is offered
 * on the Plans page; the server refuses it anyway (403 `plan_required`).
 */
export default function IntegrationsPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const { company, isLoading } = useCompanies();
  const plan = company?.plan ?? 'trial';
  const allows = (feature: IntegrationFeature) => planAllows(plan, feature);
  const upsell = (feature: IntegrationFeature) => t('integrations.planRequired', { plan: t(`plan.${plan}`), required: t(`plan.${planFor(feature)}`) });

  let body;
  if (user?.role !== 'ceo') body = <Alert severity="warning" role="status">{t('integrations.restricted')}</Alert>;
  else if (!isLoading) {
    body = (
      <>
        <ApiKeysCard canCreate={allows('api-read')} canWrite={allows('api-write')} upsell={allows('api-read') ? undefined : upsell('api-read')} />
        <WebhooksCard allowed={allows('webhooks')} upsell={upsell('webhooks')} />
        <ActivityCard />
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('integrations.title')} subtitle={t('integrations.subtitle')} actions={<DeveloperLinks />} />
      <Box sx={{ display: 'grid', gap: 3, maxWidth: 960 }}>{body}</Box>
    </>
  );
}
