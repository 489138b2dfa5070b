import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader';
import { errorMessage } from '../../../lib/api-client';
import { useOwnerStayRequests } from '../api/owner';
import { useChosenProperty } from '../components/PropertyPicker';
import { StayRequestForm } from '../components/StayRequestForm';
import { StayRequestList } from '../components/StayRequestList';

/** Owner stays: ask for nights of one's own (a manager accepts: they become a block on every channel), and follow the requests. */
export default function OwnerStaysPage() {
  const { t } = useTranslation();
  const chosen = useChosenProperty();
  const requests = useOwnerStayRequests();
  return (
    <>
      <PageHeader title={t('ownerPortal.stays.title')} subtitle={t('ownerPortal.stays.subtitle')} />
      {chosen.error && <Alert severity="error">{errorMessage(chosen.error, t('ownerPortal.loadError'))}</Alert>}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' }, alignItems: 'start' }}>
        {chosen.isLoading ? <Skeleton variant="rounded" height={320} /> : <StayRequestForm key={chosen.property?.id ?? 'none'} properties={chosen.properties} propertyId={chosen.property?.id} />}
        <Box component="section" aria-labelledby="stay-requests-title" sx={{ display: 'grid', gap: 1.5 }}>
          <Typography id="stay-requests-title" variant="h6" component="h2">
            {t('ownerPortal.stays.listTitle')}
          </Typography>
          {requests.error && <Alert severity="error">{errorMessage(requests.error, t('ownerPortal.loadError'))}</Alert>}
          {requests.isLoading ? <Skeleton variant="rounded" height={160} /> : !requests.error && <StayRequestList requests={requests.items} showProperty={chosen.properties.length > 1} />}
        </Box>
      </Box>
    </>
  );
}
