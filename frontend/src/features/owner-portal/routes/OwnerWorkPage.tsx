import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader';
import { errorMessage } from '../../../lib/api-client';
import { useOwnerWork } from '../api/owner';
import { PropertyPicker, useChosenProperty } from '../components/PropertyPicker';
import { WorkCard } from '../components/WorkCard';

/** The cleanings, inspections and repairs done at a property, and the problems reported, newest first. */
export default function OwnerWorkPage() {
  const { t } = useTranslation();
  const chosen = useChosenProperty();
  const work = useOwnerWork(chosen.property?.id);
  return (
    <>
      <PageHeader title={t('ownerPortal.work.title')} subtitle={chosen.property?.name} actions={<PropertyPicker chosen={chosen} />} />
      {(chosen.error || work.error) && <Alert severity="error">{errorMessage(chosen.error ?? work.error, t('ownerPortal.loadError'))}</Alert>}
      {work.isLoading && <Skeleton variant="rounded" height={180} />}
      {chosen.property && !work.isLoading && !work.error && work.items.length === 0 && <Alert severity="info">{t('ownerPortal.work.none')}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        {work.items.map((item) => (
          <WorkCard key={item.taskId} item={item} />
        ))}
      </Box>
      {work.hasMore && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button variant="outlined" onClick={work.loadMore} disabled={work.isLoadingMore}>
            {work.isLoadingMore ? t('common.loading') : t('ownerPortal.work.more')}
          </Button>
        </Box>
      )}
    </>
  );
}
