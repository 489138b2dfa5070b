import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ReadinessChip } from '../../properties/components/ReadinessChip';
import { useCompanyTimeZone } from '../../companies/api/get-companies';
import { useDashboardReadiness } from '../api/get-readiness';
import { formatDateTime } from '../utils/format';

/**
 * "3 homes not ready for today's check-ins" (issue 40 point 3): the server counts them from each
 * property's stored readiness. Shown only while there is one; every home links to its page.
 */
export function ReadinessCard() {
  const { t, i18n } = useTranslation();
  const timeZone = useCompanyTimeZone();
  const { readiness } = useDashboardReadiness(true);
  if (!readiness || readiness.notReady === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 3 }} data-testid="readiness-card">
      <AlertTitle>{t('dashboard.readiness.title', { count: readiness.notReady, total: readiness.checkins })}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2, display: 'grid', gap: 0.5 }}>
        {readiness.homes.map((home) => (
          <li key={home.reservationId}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Link component={RouterLink} to={`/properties/${encodeURIComponent(home.propertyId)}`} sx={{ overflowWrap: 'anywhere' }}>
                {home.propertyName}
              </Link>
              <span>{t('dashboard.readiness.checkin', { time: formatDateTime(home.checkinDate, i18n.resolvedLanguage ?? 'en', timeZone) ?? '' })}</span>
              <ReadinessChip readiness={home.readiness} />
            </Box>
          </li>
        ))}
      </Box>
    </Alert>
  );
}
