import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import ArrowBackRoundedIcon from '#icons/ArrowBackRounded';
import SearchOffRoundedIcon from '#icons/SearchOffRounded';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState';

/** `/properties/:id` for an id the company does not have (404). */
export function PropertyNotFound() {
  const { t } = useTranslation();
  return (
    <Card data-testid="property-not-found">
      <EmptyState
        icon={<SearchOffRoundedIcon sx={{ fontSize: 32 }} />}
        title={t('properties.notFound.title')}
        description={t('properties.notFound.description')}
        action={
          <Button component={RouterLink} to="/properties" variant="contained" startIcon={<ArrowBackRoundedIcon />}>
            {t('properties.notFound.back')}
          </Button>
        }
      />
    </Card>
  );
}
