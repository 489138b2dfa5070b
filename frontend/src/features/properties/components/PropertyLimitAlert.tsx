import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** The orange alert of SPEC "Properties": "Limite de propriedades atingido. Fazer upgrade do plano." */
export function PropertyLimitAlert() {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" data-testid="property-limit-alert" sx={{ mb: 3 }}>
      {t('properties.limit.reached')}{' '}
      <Link component={RouterLink} to="/pricing" color="inherit" underline="always" sx={{ fontWeight: 600 }}>
        {t('properties.limit.upgrade')}
      </Link>
    </Alert>
  );
}
