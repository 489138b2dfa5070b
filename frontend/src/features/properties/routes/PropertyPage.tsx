import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useProperty } from '../api/get-property';
import { PropertyDetailsCard } from '../components/PropertyDetailsCard';
import { PropertyFormDialog } from '../components/PropertyFormDialog';
import { PropertyNotFound } from '../components/PropertyNotFound';
import { PropertyReservationsSection } from '../components/PropertyReservationsSection';
import { PropertyTasksSection } from '../components/PropertyTasksSection';
import { useCanManageProperties } from '../hooks/use-can-manage-properties';

/** `/properties/:id`: details, edit, the property's tasks and reservations. */
export default function PropertyPage() {
  const { t } = useTranslation();
  const { id } = useParams<{ id: string }>();
  const { hash } = useLocation();
  const canManage = useCanManageProperties();
  const { property, isLoading, error, notFound } = useProperty(id);
  const [editing, setEditing] = useState(false);

  // `/properties/:id#tasks` (the grid's Tasks button) lands on the tasks section.
  const anchor = hash.slice(1);
  useEffect(() => {
    if (!property || !anchor) return;
    document.getElementById(anchor)?.scrollIntoView({ block: 'start' });
  }, [property, anchor]);

  const back = (
    <Link
      component={RouterLink}
      to="/properties"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1.5, fontSize: '0.875rem', color: 'text.secondary' }}
    >
      <ArrowBackRoundedIcon sx={{ fontSize: 18 }} />
      {t('properties.detail.back')}
    </Link>
  );

  if (notFound) {
    return (
      <>
        {back}
        <PropertyNotFound />
      </>
    );
  }
  if (isLoading || (!property && !error)) {
    return (
      <Box aria-busy="true" aria-label={t('common.loading')}>
        {back}
        <Skeleton width="40%" height={44} />
        <Skeleton variant="rounded" height={220} sx={{ mt: 2 }} />
      </Box>
    );
  }
  if (!property) {
    return (
      <>
        {back}
        <Alert severity="error">{t('properties.detail.loadError')}</Alert>
      </>
    );
  }

  return (
    <>
      {back}
      <PageHeader
        title={property.name}
        subtitle={property.address}
        actions={
          canManage && (
            <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
              {t('properties.detail.edit')}
            </Button>
          )
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 7fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 3 }}>
          <PropertyDetailsCard property={property} />
        </Box>
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <PropertyTasksSection propertyId={property.id} />
          <PropertyReservationsSection propertyId={property.id} />
        </Box>
      </Box>
      {canManage && <PropertyFormDialog open={editing} onClose={() => setEditing(false)} property={property} />}
    </>
  );
}
