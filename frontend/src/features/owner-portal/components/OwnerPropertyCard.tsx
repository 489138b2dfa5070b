import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { numberFormat, localeOf } from '../../../lib/intl';
import { ReadinessChip } from '../../properties/components/ReadinessChip';
import { formatDay } from '../../reservations/utils/format';
import type { OwnerPortalProperty } from '../api/types';
import { OWNER_PATHS, withProperty } from '../utils/portal-paths';

/** One of the owner's properties on the overview: readiness, next check-in, this month's occupancy. */
export function OwnerPropertyCard({ property }: { property: OwnerPortalProperty }) {
  const { t, i18n } = useTranslation();
  const percent = numberFormat(localeOf(i18n.language), { style: 'percent', maximumFractionDigits: 0 }).format(property.occupancyThisMonth);
  // The city is read from the address (shared/address.ts cityOf): the address alone, the city when there is no street.
  const place = property.address ?? property.city ?? '';
  const headingId = `owner-property-${property.id}`;
  return (
    <Card component="article" aria-labelledby={headingId} data-testid="owner-property" sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1, display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography id={headingId} variant="h6" component="h2" sx={{ lineHeight: 1.3 }}>
              {property.name}
            </Typography>
            {place && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {place}
              </Typography>
            )}
          </Box>
          <ReadinessChip readiness={property.readiness} />
        </Box>
        <Box>
          <Typography variant="overline" component="p" sx={{ color: 'text.secondary', lineHeight: 1.6 }}>
            {t('ownerPortal.overview.nextCheckin')}
          </Typography>
          <Typography variant="body1" data-testid="owner-next-checkin">
            {property.nextCheckin
              ? t('ownerPortal.overview.checkinOn', { date: formatDay(property.nextCheckin.date, i18n.language), count: property.nextCheckin.nights })
              : t('ownerPortal.overview.noCheckin')}
          </Typography>
        </Box>
        <Box>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
            <Typography variant="overline" component="p" sx={{ color: 'text.secondary', lineHeight: 1.6 }}>
              {t('ownerPortal.overview.occupancy')}
            </Typography>
            <Typography variant="subtitle2" component="p">
              {percent}
            </Typography>
          </Box>
          <LinearProgress variant="determinate" value={Math.min(100, Math.max(0, property.occupancyThisMonth * 100))} aria-label={t('ownerPortal.overview.occupancyLabel', { percent })} />
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        <Button size="small" variant="outlined" component={RouterLink} to={withProperty(OWNER_PATHS.calendar, property.id)}>
          {t('ownerPortal.overview.openCalendar')}
        </Button>
        <Button size="small" component={RouterLink} to={withProperty(OWNER_PATHS.work, property.id)}>
          {t('ownerPortal.overview.openWork')}
        </Button>
        <Button size="small" component={RouterLink} to={withProperty(OWNER_PATHS.stays, property.id)}>
          {t('ownerPortal.overview.askStay')}
        </Button>
      </CardActions>
    </Card>
  );
}
