import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { useOwnerOverview } from '../api/owner';
import { OwnerPropertyCard } from '../components/OwnerPropertyCard';
import { OWNER_PATHS } from '../utils/portal-paths';

/** The portal's first page: what waits for the owner, then a card per property. */
export default function OwnerOverviewPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const { data, error, isLoading } = useOwnerOverview();
  return (
    <>
      <PageHeader title={t('ownerPortal.overview.title', { name: user?.firstName ?? '' })} subtitle={t('ownerPortal.overview.subtitle')} />
      {error && <Alert severity="error">{errorMessage(error, t('ownerPortal.loadError'))}</Alert>}
      {data && data.pendingApprovals > 0 && (
        <WaitingAlert severity="warning" testId="owner-pending-approvals" to={OWNER_PATHS.approvals} action={t('ownerPortal.overview.review')}>
          {t('ownerPortal.overview.pendingApprovals', { count: data.pendingApprovals })}
        </WaitingAlert>
      )}
      {data && data.pendingStayRequests > 0 && (
        <WaitingAlert severity="info" testId="owner-pending-stays" to={OWNER_PATHS.stays} action={t('ownerPortal.overview.see')}>
          {t('ownerPortal.overview.pendingStays', { count: data.pendingStayRequests })}
        </WaitingAlert>
      )}
      {data && data.properties.length === 0 && <Alert severity="info">{t('ownerPortal.overview.noProperties')}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}>
        {isLoading && !data && [0, 1].map((index) => <Skeleton key={index} variant="rounded" height={240} />)}
        {data?.properties.map((property) => <OwnerPropertyCard key={property.id} property={property} />)}
      </Box>
    </>
  );
}

/** What waits for the owner (approvals, stay requests), with a link to where they answer it. */
function WaitingAlert({ severity, testId, to, action, children }: { severity: 'warning' | 'info'; testId: string; to: string; action: string; children: React.ReactNode }) {
  return (
    <Alert
      severity={severity}
      sx={{ mb: 2 }}
      data-testid={testId}
      action={
        <Button color="inherit" size="small" component={RouterLink} to={to}>
          {action}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
